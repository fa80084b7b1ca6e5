/** A labelled password input. */
export function PasswordInput({
  id,
  label,
  placeholder,
  value,
  onChange,
  autoComplete = 'current-password',
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  autoComplete?: string;
}) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="password"
        autoComplete={autoComplete}
        maxLength={64}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
