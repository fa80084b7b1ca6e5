import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/Icon';
import { openOverlay } from '../../lib/overlays';

/** The floating help button: opens the support panel. */
export function HelpButton() {
  const { t } = useTranslation('home');
  return (
    <button
      type="button"
      className="help-button"
      aria-label={t('help.button')}
      onClick={() => openOverlay('support')}
    >
      <Icon name="help" />
    </button>
  );
}
