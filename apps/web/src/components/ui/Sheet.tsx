import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CenterPopup, Popup } from '../antd';
import { Icon } from './Icon';
import './ui.css';

export interface SheetProps {
  visible: boolean;
  onClose(): void;
  /** bottom: a sheet from the bottom edge (the default); center: a card in the middle. */
  position?: 'bottom' | 'center';
  /** The heading that names the dialog. Without it, `label` names it. */
  title?: ReactNode;
  label?: string;
  /** What the title row shows instead of a title (the login popup's tabs). */
  header?: ReactNode;
  /** Beside the title, before the close button ("Clear" in the bet slip). */
  headerExtra?: ReactNode;
  /** Shows the close button in the title row (default); a popup whose only way out is its button says false. */
  closable?: boolean;
  /** Escape closes it (default); off while something inside handles Escape itself. */
  closeOnEscape?: boolean;
  /** A tap on the mask closes it (default); off where a stray tap would throw away work (a payment page). */
  closeOnMaskClick?: boolean;
  destroyOnClose?: boolean;
  /** The dialog element's class (layout of what is inside). */
  className?: string;
  children: ReactNode;
}

// Overlays open on top of each other (forgot password over login, the payment page over the deposit):
// Escape closes only the last one opened.
const escapeStack: (() => void)[] = [];

/** Escape closes an overlay while it is shown (antd-mobile's popups only close on the mask). */
export function useEscape(active: boolean, onEscape: () => void): void {
  const latest = useRef(onEscape);
  latest.current = onEscape;
  useEffect(() => {
    if (!active) return;
    const entry = () => latest.current();
    escapeStack.push(entry);
    const listener = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && escapeStack.at(-1) === entry) entry();
    };
    window.addEventListener('keydown', listener);
    return () => {
      window.removeEventListener('keydown', listener);
      escapeStack.splice(escapeStack.indexOf(entry), 1);
    };
  }, [active]);
}

/**
 * Every popup shell of the app on antd-mobile's Popup / CenterPopup (mask, animation, body scroll lock): a
 * modal dialog named by its title, a close button, Escape and the mask close it.
 */
export function Sheet({
  visible,
  onClose,
  position = 'bottom',
  title,
  label,
  header,
  headerExtra,
  closable = true,
  closeOnEscape = true,
  closeOnMaskClick = true,
  destroyOnClose,
  className,
  children,
}: SheetProps) {
  const { t } = useTranslation();
  const titleId = `sheet${useId().replace(/:/g, '')}`;
  useEscape(visible && closeOnEscape, onClose);
  const dialog = (
    <div
      className={`ui-sheet ui-sheet-${position}${className ? ` ${className}` : ''}`}
      role="dialog"
      aria-modal="true"
      {...(title ? { 'aria-labelledby': titleId } : { 'aria-label': label })}
    >
      {title || header ? (
        <div className="ui-sheet-top">
          {title ? (
            <h2 id={titleId} className="ui-sheet-title">
              {title}
            </h2>
          ) : (
            <div className="ui-sheet-header">{header}</div>
          )}
          {headerExtra}
          {closable ? (
            <button
              type="button"
              className="icon-button"
              aria-label={t('common:actions.close')}
              onClick={onClose}
            >
              <Icon name="close" />
            </button>
          ) : null}
        </div>
      ) : null}
      {children}
    </div>
  );
  const common = {
    visible,
    ...(closeOnMaskClick ? { onMaskClick: onClose } : {}),
    ...(destroyOnClose === undefined ? {} : { destroyOnClose }),
  };
  return position === 'center' ? (
    <CenterPopup {...common} className="ui-sheet-center-popup" bodyClassName="ui-sheet-center-body">
      {dialog}
    </CenterPopup>
  ) : (
    <Popup {...common} position="bottom" bodyClassName="ui-sheet-bottom-body">
      {dialog}
    </Popup>
  );
}
