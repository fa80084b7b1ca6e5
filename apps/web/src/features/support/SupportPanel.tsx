import { useTranslation } from 'react-i18next';
import { Popup } from '../../components/antd';
import type { OverlayProps } from '../../components/overlay-props';
import { Icon } from '../../components/ui/Icon';
import { telegramUrl } from '../../lib/config';
import { openOverlay } from '../../lib/overlays';
import { useToken } from '../../lib/token';
import './support.css';

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
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} position="bottom">
      <section className="support-panel" aria-labelledby="support-title">
        <div className="support-top">
          <h2 id="support-title" className="popup-title">
            {t('help.title')}
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('common:actions.close')}
            onClick={onClose}
          >
            <Icon name="close" />
          </button>
        </div>
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
      </section>
    </Popup>
  );
}
