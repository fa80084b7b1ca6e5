import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../components/art/Avatar';
import { Logo } from '../../components/art/Logo';
import { Button } from '../../components/ui/Button';
import { Icon } from '../../components/ui/Icon';
import { SessionTimer } from '../../features/rg/SessionTimer';
import { formatMoney } from '../../lib/format';
import { openOverlay } from '../../lib/overlays';
import { usePrefs } from '../../lib/prefs';
import { useToken } from '../../lib/token';
import { useUserInfo } from '../../lib/user-info';

/** The Main shell's header: menu, logo, then the balance and avatar, or login/register for a guest. */
export function Header() {
  const { t } = useTranslation();
  const token = useToken((state) => state.token);
  const locale = usePrefs((state) => state.locale);
  const { data: user } = useUserInfo();
  return (
    <header className="shell-header">
      <Button
        variant="bare"
        className="icon-button"
        aria-label={t('header.menu')}
        onClick={() => openOverlay('settings')}
      >
        <Icon name="menu" />
      </Button>
      <Link to="/home" className="shell-logo" aria-label={t('app.name')}>
        <Logo />
      </Link>
      <div className="shell-header-end">
        {token ? (
          <>
            {/* The balance is where players look for "deposit" (as on Stake and Betano): it and the + open it. */}
            <SessionTimer enabled />
            <div className="shell-wallet">
              <Button
                variant="bare"
                className="shell-balance"
                title={t('header.balance')}
                aria-label={`${t('header.balance')}: ${user ? formatMoney(user.balance, locale) : '-'} · ${t('header.bonus', { amount: user ? formatMoney(user.freeBalance ?? 0, locale) : '-' })}`}
                onClick={() => openOverlay('deposit')}
              >
                <output aria-label="balance">{user ? formatMoney(user.balance, locale) : '-'}</output>
                <small className="shell-bonus">
                  {t('header.bonus', { amount: user ? formatMoney(user.freeBalance ?? 0, locale) : '-' })}
                </small>
              </Button>
              <Button
                variant="bare"
                className="shell-deposit"
                aria-label={t('header.deposit')}
                title={t('header.deposit')}
                onClick={() => openOverlay('deposit')}
              >
                <Icon name="plus" />
              </Button>
            </div>
            <Button
              variant="bare"
              className="shell-avatar"
              aria-label={t('header.myAccount')}
              onClick={() => openOverlay('myPanel')}
            >
              <Avatar index={user?.header ?? 0} />
            </Button>
          </>
        ) : (
          <>
            <Button variant="ghost" size="small" onClick={() => openOverlay('login')}>
              {t('header.login')}
            </Button>
            <Button variant="primary" size="small" onClick={() => openOverlay('register')}>
              {t('header.register')}
            </Button>
          </>
        )}
      </div>
    </header>
  );
}
