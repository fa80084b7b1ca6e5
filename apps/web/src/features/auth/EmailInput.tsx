import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { emailSuggestions } from './email-domains';

/** The email-style username: lower-cased as typed, with mail-domain suggestions under it. */
export function EmailInput({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation('auth');
  const [focused, setFocused] = useState(false);
  const suggestions = focused ? emailSuggestions(value) : [];
  const listId = `${id}-suggestions`;
  return (
    <div className="field email-field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="text"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={100}
        value={value}
        placeholder={placeholder}
        aria-describedby={suggestions.length > 0 ? listId : undefined}
        onChange={(event) => onChange(event.target.value.toLowerCase())}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
      {suggestions.length > 0 ? (
        <ul id={listId} className="email-suggestions" aria-label={t('fields.suggestions')}>
          {suggestions.map((suggestion) => (
            <li key={suggestion}>
              <Button
                variant="bare"
                className="email-suggestion"
                // Keep the focus in the input so the list does not close before the tap lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  onChange(suggestion);
                  setFocused(false);
                }}
              >
                {suggestion}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
