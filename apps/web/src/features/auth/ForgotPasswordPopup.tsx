import { useTranslation } from 'react-i18next';
import { Popup } from '../../components/antd';
import { CloseIcon } from '../../components/art/icons';
import type { OverlayProps } from '../../components/overlay-props';
import { PasswordRecovery } from './PasswordRecovery';
import './auth.css';

/** "Forgot password" from the login tab; when done the login popup underneath is still there. */
export default function ForgotPasswordPopup({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation('auth');
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} position="bottom" destroyOnClose>
      <div className="auth-popup" role="dialog" aria-modal="true" aria-label={t('forgot.title')}>
        <div className="auth-top">
          <h2 className="popup-title">{t('forgot.title')}</h2>
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
          <PasswordRecovery onFinished={onClose} />
        </div>
      </div>
    </Popup>
  );
}
