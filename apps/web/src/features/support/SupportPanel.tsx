import { useTranslation } from 'react-i18next';
import type { OverlayProps } from '../../components/overlay-props';
import { telegramUrl } from '../../lib/config';
import { openOverlay } from '../../lib/overlays';
import { useToken } from '../../lib/token';
import './support.css';
import { Sheet } from '../../components/ui/Sheet';

/**
 * The full-height support panel. The live chat comes with the support issue; until then it offers
 * the Telegram channel (login required, spec.md section 6) when one is configured.
 */
export default function SupportPanel({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation('home');
  const token = useToken((state) => state.token);
  const guestToLogin = () => {
    onClose();
    openOverlay('login');
  };
  return (
    <Sheet visible={visible} onClose={onClose} title={t('help.title')} className="support-panel">
      <div className="support-body">
        <p className="support-text">{t('help.text')}</p>
        {telegramUrl ? (
          token ? (
            <a
              className="btn btn-primary btn-block"
              href={telegramUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('help.telegram')}
            </a>
          ) : (
            <button type="button" className="btn btn-primary btn-block" onClick={guestToLogin}>
              {t('help.telegram')}
            </button>
          )
        ) : (
          <p className="support-text">{t('help.unavailable')}</p>
        )}
      </div>
    </Sheet>
  );
}
