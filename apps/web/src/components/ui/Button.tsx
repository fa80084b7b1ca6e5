import DotLoading from 'antd-mobile/es/components/dot-loading';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './ui.css';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  type?: 'button' | 'submit';
  /**
   * primary: the page's one main action; ghost: outlined; gold: a reward; plain: on a surface; bare: none of the
   * app's button look, for controls drawn by their own class (tiles, chips, tabs, icons, links in text), which
   * still get the default type and the busy state from here.
   */
  variant?: 'primary' | 'ghost' | 'gold' | 'plain' | 'bare';
  size?: 'normal' | 'small';
  block?: boolean;
  /**
   * The request this button sent is out: the button is disabled (a second tap cannot send it twice),
   * says so to screen readers and shows `busyLabel` with antd-mobile's dots.
   */
  busy?: boolean;
  busyLabel?: ReactNode;
}

/** The app's button: at least 44 px tall, with the busy state every money action needs. */
export function Button({
  type = 'button',
  variant = 'plain',
  size = 'normal',
  block = false,
  busy = false,
  busyLabel,
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes: string[] = [];
  if (variant !== 'bare') {
    classes.push('btn');
    if (variant !== 'plain') classes.push(`btn-${variant}`);
    if (size === 'small') classes.push('btn-small');
    if (block) classes.push('btn-block');
  }
  if (className) classes.push(className);
  return (
    <button
      {...rest}
      type={type}
      className={classes.length > 0 ? classes.join(' ') : undefined}
      disabled={disabled || busy}
      aria-busy={busy}
    >
      {busy ? (
        <>
          {busyLabel ?? children}
          <span className="btn-busy-dots" aria-hidden="true">
            <DotLoading color="currentColor" />
          </span>
        </>
      ) : (
        children
      )}
    </button>
  );
}
