import { useTranslation } from 'react-i18next';
import { Popup } from '../../components/antd';
import { CloseIcon } from '../../components/art/icons';
import type { OverlayProps } from '../../components/overlay-props';
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
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} position="bottom" destroyOnClose>
      <div className="auth-popup" role="dialog" aria-modal="true" aria-label={t('forgot.changeTitle')}>
        <div className="auth-top">
          <h2 className="popup-title">{t('forgot.changeTitle')}</h2>
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
          <PasswordRecovery
            initialEmail={user?.email ?? ''}
            lockEmail={Boolean(user?.email)}
            onFinished={finished}
          />
        </div>
      </div>
    </Popup>
  );
}
