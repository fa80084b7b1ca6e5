import { useTranslation } from 'react-i18next';
import type { OverlayProps } from '../../components/overlay-props';
import { Sheet } from '../../components/ui/Sheet';
import { clearSession } from '../../lib/session';
import { useUserInfo } from '../../lib/user-info';
import { PasswordRecovery } from './PasswordRecovery';
import './auth.css';

/**
 * Change password (My panel): the recovery flow on the player's own email. Setting the password
 * revokes every token server-side, so on success the device session ends too.
 */
export default function ChangePasswordPopup({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation('auth');
  const { data: user } = useUserInfo();
  const finished = () => {
    onClose();
    clearSession();
  };
  return (
    <Sheet visible={visible} onClose={onClose} title={t('forgot.changeTitle')} destroyOnClose>
      <div className="auth-scroll">
        <PasswordRecovery
          initialEmail={user?.email ?? ''}
          lockEmail={Boolean(user?.email)}
          onFinished={finished}
        />
      </div>
    </Sheet>
  );
}
