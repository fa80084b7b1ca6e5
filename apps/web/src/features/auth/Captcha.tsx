import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Icon } from '../../components/ui/Icon';
import { captchaUrl } from './captcha';

/** The captcha field: code input plus the image; tapping the image (or the button) draws a new one. */
export function Captcha({
  id,
  codeId,
  value,
  onChange,
  onRefresh,
}: {
  id: string;
  codeId: number;
  value: string;
  onChange(value: string): void;
  onRefresh(): void;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t('fields.captcha')}
      </label>
      <div className="captcha-row">
        <input
          id={id}
          className="input"
          value={value}
          onChange={(event) => onChange(event.target.value.trim())}
          placeholder={t('fields.captchaPlaceholder')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
        />
        <img className="captcha-image" src={captchaUrl(codeId)} alt="captcha" onClick={onRefresh} />
        <Button
          variant="bare"
          className="icon-button"
          aria-label={t('fields.captchaRefresh')}
          onClick={onRefresh}
        >
          <Icon name="refresh" />
        </Button>
      </div>
    </div>
  );
}
