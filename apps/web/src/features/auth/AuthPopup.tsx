import { useTranslation } from 'react-i18next';
import { Popup } from '../../components/antd';
import { CloseIcon } from '../../components/art/icons';
import type { OverlayProps } from '../../components/overlay-props';
import { useOverlays } from '../../lib/overlays';
import bannerUrl from './assets/login-banner.svg';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import './auth.css';

type Tab = 'login' | 'register';
const tabs: readonly Tab[] = ['login', 'register'];

/** The login/register popup: two tabs, a close button, the banner on the login tab. */
export default function AuthPopup({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation('auth');
  const tab: Tab = useOverlays((state) => (state.open.register ? 'register' : 'login'));
  const openOverlay = useOverlays((state) => state.openOverlay);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="auth-popup-body"
    >
      <div className="auth-popup" role="dialog" aria-modal="true" aria-label={t('dialog')}>
        <div className="auth-top">
          <div className="auth-tabs" role="tablist">
            {tabs.map((name) => (
              <button
                key={name}
                id={`auth-tab-${name}`}
                type="button"
                role="tab"
                className="auth-tab"
                aria-selected={tab === name}
                aria-controls={`auth-panel-${name}`}
                onClick={() => openOverlay(name)}
              >
                {t(`tabs.${name}`)}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="icon-button"
            aria-label={t('common:actions.close')}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        <div className="auth-scroll">
          {tab === 'login' ? (
            <div id="auth-panel-login" role="tabpanel" aria-labelledby="auth-tab-login">
              <img className="auth-banner" src={bannerUrl} alt={t('bannerAlt')} />
              <LoginForm onDone={onClose} />
            </div>
          ) : (
            <div id="auth-panel-register" role="tabpanel" aria-labelledby="auth-tab-register">
              <RegisterForm onDone={onClose} />
            </div>
          )}
        </div>
      </div>
    </Popup>
  );
}
