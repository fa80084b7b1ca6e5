import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverlayProps } from '../../components/overlay-props';
import { Sheet } from '../../components/ui/Sheet';
import { Tabs, tabId } from '../../components/ui/Tabs';
import { computeDeviceIdWhenIdle } from '../../lib/device';
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
  // Login and sign-up send the device fingerprint: compute it while the player fills the form.
  useEffect(() => {
    if (visible) computeDeviceIdWhenIdle();
  }, [visible]);
  return (
    <Sheet
      visible={visible}
      onClose={onClose}
      label={t('dialog')}
      header={
        <Tabs
          variant="underline"
          label={t('dialog')}
          value={tab}
          onChange={(name) => openOverlay(name)}
          items={tabs.map((name) => ({ value: name, label: t(`tabs.${name}`) }))}
          idPrefix="auth-tab"
          panelId="auth-panel"
        />
      }
    >
      <div className="auth-scroll">
        <div id="auth-panel" role="tabpanel" aria-labelledby={tabId('auth-tab', tab)}>
          {tab === 'login' ? (
            <>
              <img className="auth-banner" src={bannerUrl} alt={t('bannerAlt')} />
              <LoginForm onDone={onClose} />
            </>
          ) : (
            <RegisterForm onDone={onClose} />
          )}
        </div>
      </div>
    </Sheet>
  );
}
