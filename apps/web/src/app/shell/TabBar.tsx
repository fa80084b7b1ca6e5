import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { BallIcon, FriendsIcon, GiftIcon, HomeIcon, SearchIcon } from '../../components/art/icons';

const tabs: readonly { to: string; label: string; Icon: ComponentType }[] = [
  { to: '/home', label: 'tabs.home', Icon: HomeIcon },
  { to: '/sports', label: 'pages.football', Icon: BallIcon },
  { to: '/search', label: 'tabs.search', Icon: SearchIcon },
  { to: '/bonus', label: 'tabs.bonus', Icon: GiftIcon },
  { to: '/friends', label: 'tabs.friends', Icon: FriendsIcon },
];

/** The Main shell's bottom navigation between its child pages. */
export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="shell-tabbar" aria-label={t('tabs.label')}>
      {tabs.map(({ to, label, Icon }) => (
        <NavLink key={to} to={to} className="shell-tab">
          <Icon />
          <span>{t(label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
