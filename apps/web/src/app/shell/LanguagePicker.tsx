import { useTranslation } from 'react-i18next';
import { Flag } from '../../components/art/Flag';
import { Button } from '../../components/ui/Button';
import { changeLocale } from '../../lib/i18n';
import { locales } from '../../lib/locales';
import { usePrefs } from '../../lib/prefs';

/** The 15 languages with their flags; the current one is pressed. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const current = usePrefs((state) => state.locale);
  return (
    <fieldset className="language-picker">
      <legend className="panel-heading">{t('settings.language')}</legend>
      <div className="language-grid">
        {locales.map((locale) => (
          <Button
            variant="bare"
            key={locale.code}
            lang={locale.intlTag}
            className="language-option"
            aria-pressed={locale.code === current}
            onClick={() => void changeLocale(locale.code)}
          >
            <span className="language-flag">
              <Flag locale={locale.code} />
            </span>
            <span>{locale.nativeName}</span>
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
