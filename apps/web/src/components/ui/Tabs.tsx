import { type KeyboardEvent, type ReactNode, type Ref, useId, useRef } from 'react';
import './ui.css';

export interface TabItem<Value extends string | number> {
  value: Value;
  label: ReactNode;
  disabled?: boolean;
}

export interface TabsProps<Value extends string | number> {
  /** What the choice is about, read to screen readers ("Bet type"). */
  label: string;
  value: Value;
  items: readonly TabItem<Value>[];
  onChange(value: NoInfer<Value>): void;
  /**
   * segmented: equal segments on a track (the default); chips: a row of pills that scrolls sideways;
   * underline: titles with a bar under the chosen one (a popup's sections).
   */
  variant?: 'segmented' | 'chips' | 'underline';
  /** The tab panel's id, when there is one panel that shows the chosen tab. */
  panelId?: string;
  /** Prefix of the tabs' ids (`${idPrefix}-${value}`), for a panel's aria-labelledby. */
  idPrefix?: string;
  className?: string;
  listRef?: Ref<HTMLDivElement>;
}

/** The id of one tab, for the panel's aria-labelledby. */
export function tabId(idPrefix: string, value: string | number): string {
  return `${idPrefix}-${value}`;
}

const moves: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * A tablist (WAI-ARIA tabs pattern): one tab in the Tab order, arrows/Home/End move and choose, a disabled
 * tab is skipped. Controlled: the page keeps the value (often in the URL or a store).
 */
export function Tabs<Value extends string | number>({
  label,
  value,
  items,
  onChange,
  variant = 'segmented',
  panelId,
  idPrefix,
  className,
  listRef,
}: TabsProps<Value>) {
  const generated = useId();
  const prefix = idPrefix ?? `tabs${generated.replace(/:/g, '')}`;
  const buttons = useRef(new Map<Value, HTMLButtonElement>());
  const enabled = items.filter((item) => !item.disabled);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const move = moves[event.key];
    if (!move || enabled.length === 0) return;
    event.preventDefault();
    const at = Math.max(
      0,
      enabled.findIndex((item) => item.value === value),
    );
    const next = enabled[move(at, enabled.length)];
    if (!next) return;
    onChange(next.value);
    buttons.current.get(next.value)?.focus();
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      className={`ui-tabs ui-tabs-${variant}${className ? ` ${className}` : ''}`}
    >
      {items.map((item) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            ref={(element) => {
              if (element) buttons.current.set(item.value, element);
              else buttons.current.delete(item.value);
            }}
            id={tabId(prefix, item.value)}
            type="button"
            role="tab"
            className="ui-tab"
            data-value={item.value}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            disabled={item.disabled}
            onClick={() => {
              if (!selected) onChange(item.value);
            }}
            onKeyDown={onKeyDown}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
