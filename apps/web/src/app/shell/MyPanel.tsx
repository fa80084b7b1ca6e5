import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Popup } from '../../components/antd';
import { Avatar } from '../../components/art/Avatar';
import type { OverlayProps } from '../../components/overlay-props';
import { Icon } from '../../components/ui/Icon';
import { useEscape } from '../../components/ui/Sheet';
import { AvatarPicker } from '../../features/user/AvatarPicker';
import { formatMoney } from '../../lib/format';
import { type OverlayName, openOverlay } from '../../lib/overlays';
import { usePrefs } from '../../lib/prefs';
import { logout } from '../../lib/session';
import { useUserInfo } from '../../lib/user-info';
import './panels.css';
import { Button } from '../../components/ui/Button';

type Item = { label: string } & ({ to: string } | { overlay: OverlayName });

const items: readonly Item[] = [
  { label: 'my.account', to: '/conta' },
  { label: 'my.deposit', overlay: 'deposit' },
  { label: 'my.withdraw', overlay: 'withdraw' },
  { label: 'my.share', to: '/friends' },
  { label: 'my.history', to: '/registros' },
  { label: 'my.bonus', to: '/bonus' },
  { label: 'my.vip', to: '/vip' },
  { label: 'pages.tournaments', to: '/torneios' },
  { label: 'my.limits', to: '/limites' },
  { label: 'pages.transparency', to: '/transparencia' },
];

/** The player's panel (spec.md section 2), sliding down from the header avatar. */
export default function MyPanel({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = usePrefs((state) => state.locale);
  const { data: user } = useUserInfo();
  useEscape(visible, onClose);

  const choose = (item: Item) => {
    onClose();
    if ('to' in item) void navigate(item.to);
    else openOverlay(item.overlay);
  };
  const signOut = async () => {
    onClose();
    await logout();
    void navigate('/home');
  };
  const changePassword = () => {
    onClose();
    openOverlay('changePassword');
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} position="top">
      <section className="my-panel" aria-label={t('my.title')}>
        <div className="panel-top">
          <div className="my-identity">
            <span className="my-avatar">
              <Avatar index={user?.header ?? 0} />
            </span>
            <div className="my-identity-text">
              <strong>{user?.username ?? '-'}</strong>
              <span>{t('my.level', { level: user?.level ?? 0 })}</span>
              <span className="my-balance">{formatMoney(user?.balance, locale)}</span>
              <span>{t('my.bonusBalance', { amount: formatMoney(user?.freeBalance, locale) })}</span>
            </div>
          </div>
          <Button variant="bare" className="icon-button" aria-label={t('actions.close')} onClick={onClose}>
            <Icon name="close" />
          </Button>
        </div>

        <div className="my-grid">
          {items.map((item) => (
            <Button variant="ghost" key={item.label} onClick={() => choose(item)}>
              {t(item.label)}
            </Button>
          ))}
          <Button variant="ghost" onClick={changePassword}>
            {t('my.changePassword')}
          </Button>
          <Button variant="ghost" className="panel-logout" onClick={signOut}>
            {t('settings.logout')}
          </Button>
        </div>

        <AvatarPicker current={user?.header ?? 0} />
      </section>
    </Popup>
  );
}
