import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from '../../components/ui/Field';

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>;

/** A labelled text box of the wallet forms: the value in, every edit out as text. */
export function TextField({
  id,
  label,
  value,
  onChange,
  ...input
}: InputAttributes & { id: string; label: ReactNode; value: string; onChange(text: string): void }) {
  return (
    <Field id={id} label={label}>
      {(control) => (
        <input
          {...control}
          className="input"
          {...input}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
