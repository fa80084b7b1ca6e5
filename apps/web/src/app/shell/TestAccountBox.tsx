import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { logout } from '../../lib/session';
import { useUserInfo } from '../../lib/user-info';

/** For a test account: a small box to switch to a real account (log out, then the login overlay). */
export function TestAccountBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  if (user?.testFlag !== '1') return null;
  const switchAccount = async () => {
    await logout();
    void navigate('/home');
  };
  return (
    <aside className="test-box" aria-label={t('test.box')}>
      <span>{t('test.box')}</span>
      <Button variant="gold" size="small" onClick={switchAccount}>
        {t('test.switch')}
      </Button>
    </aside>
  );
}
