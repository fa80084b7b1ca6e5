import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Icon, type IconName } from '../../components/ui/Icon';

const tabs: readonly { to: string; label: string; icon: IconName }[] = [
  { to: '/home', label: 'tabs.home', icon: 'home' },
  { to: '/sports', label: 'pages.football', icon: 'ball' },
  { to: '/search', label: 'tabs.search', icon: 'search' },
  { to: '/bonus', label: 'tabs.bonus', icon: 'gift' },
  { to: '/friends', label: 'tabs.friends', icon: 'friends' },
];

/** The Main shell's bottom navigation between its child pages. */
export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="shell-tabbar" aria-label={t('tabs.label')}>
      {tabs.map(({ to, label, icon }) => (
        <NavLink key={to} to={to} className="shell-tab">
          <Icon name={icon} />
          <span>{t(label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
