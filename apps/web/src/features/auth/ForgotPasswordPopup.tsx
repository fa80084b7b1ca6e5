import { useTranslation } from 'react-i18next';
import type { OverlayProps } from '../../components/overlay-props';
import { Sheet } from '../../components/ui/Sheet';
import { PasswordRecovery } from './PasswordRecovery';
import './auth.css';

/** "Forgot password" from the login tab; when done the login popup underneath is still there. */
export default function ForgotPasswordPopup({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation('auth');
  return (
    <Sheet visible={visible} onClose={onClose} title={t('forgot.title')} destroyOnClose>
      <div className="auth-scroll">
        <PasswordRecovery onFinished={onClose} />
      </div>
    </Sheet>
  );
}
