import { useTranslation } from 'react-i18next';
import { HelpIcon } from '../../components/art/icons';
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
      <HelpIcon />
    </button>
  );
}
