import type { ReactNode } from 'react';
import {
  cleanAmountInput,
  decimalSeparator,
  formatAmountInput,
  parseAmountInput,
} from '../../lib/money-input';
import { usePrefs } from '../../lib/prefs';
import { Field } from './Field';
import './ui.css';

export interface AmountFieldProps {
  label: ReactNode;
  /** The text in the field, as the player typed it (kept by the caller). */
  value: string;
  /** The new text, already cleaned, and the amount it reads as (undefined: empty or not an amount). */
  onChange(text: string, cents: bigint | undefined): void;
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  id?: string;
  className?: string;
  /** Buttons beside the input (½, 2×, max, "all"). */
  actions?: ReactNode;
}

/**
 * Every amount the player types (stakes, withdraw, transfer): the language's decimal separator, at most two
 * decimals, read by lib/money-input into bigint centavos. When the field loses focus, a text read in a way
 * the player may not expect ("1.50" in pt_BR) is rewritten in the language's form ("1,50"), so what is
 * shown is what will be sent.
 */
export function AmountField({
  label,
  value,
  onChange,
  placeholder,
  hint,
  error,
  disabled = false,
  id,
  className,
  actions,
}: AmountFieldProps) {
  const locale = usePrefs((state) => state.locale);
  const decimal = decimalSeparator(locale);
  const change = (raw: string) => {
    const text = cleanAmountInput(raw, decimal);
    onChange(text, parseAmountInput(text, decimal));
  };
  const settle = () => {
    const cents = parseAmountInput(value, decimal);
    const foreign = decimal === ',' ? '.' : ',';
    if (cents !== undefined && value.includes(foreign)) onChange(formatAmountInput(cents, decimal), cents);
  };
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      {...(id ? { id } : {})}
      className={className ? `amount-field ${className}` : 'amount-field'}
    >
      {(control) => (
        <div className="amount-field-row">
          <input
            {...control}
            className="input amount-field-input"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            value={value}
            disabled={disabled}
            placeholder={placeholder ?? formatAmountInput(0n, decimal)}
            onChange={(event) => change(event.target.value)}
            onBlur={settle}
          />
          {actions ? <div className="amount-field-actions">{actions}</div> : null}
        </div>
      )}
    </Field>
  );
}
