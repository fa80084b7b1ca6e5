import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { openOverlay } from '../../lib/overlays';
import { inviteNamespace } from './invite-i18n';

/** What the friends and agent pages show a visitor: their figures are the player's own. */
export function LoginPrompt() {
  const { t } = useTranslation(inviteNamespace);
  return (
    <div className="invite-state">
      <p>{t('loginFirst')}</p>
      <Button variant="primary" onClick={() => openOverlay('login')}>
        {t('login')}
      </Button>
    </div>
  );
}
