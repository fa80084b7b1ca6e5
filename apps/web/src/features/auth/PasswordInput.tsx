/** The server's rule for a new password (api: 8..64 characters, not a common one); the form checks the length. */
export const NEW_PASSWORD_MIN_LENGTH = 8;
export const isLongEnough = (password: string) => [...password].length >= NEW_PASSWORD_MIN_LENGTH;

/** A labelled password input; `hint` (a new password's rule) is shown under it and read with it. */
export function PasswordInput({
  id,
  label,
  placeholder,
  value,
  onChange,
  autoComplete = 'current-password',
  hint,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  autoComplete?: string;
  hint?: string;
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
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
