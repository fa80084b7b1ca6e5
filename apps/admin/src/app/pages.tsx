import {
  AuditOutlined,
  BankOutlined,
  BellOutlined,
  CrownOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DollarOutlined,
  FieldTimeOutlined,
  FileSearchOutlined,
  FireOutlined,
  FlagOutlined,
  GiftOutlined,
  IdcardOutlined,
  MessageOutlined,
  PlayCircleOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShareAltOutlined,
  StarOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode } from 'react';
import type { Role } from './session.ts';

/**
 * THE registry of back-office pages: one entry gives a page its route, its menu item (label key in the locale
 * files, icon) and the roles that see it. Adding a page = one component under pages/ + one entry here + its
 * texts in both locale files. The server checks the same roles on every call; this only hides what would 403.
 */
export interface AdminPage {
  /** Route under /admin/ (no leading slash). */
  path: string;
  /** i18n key of the menu label and page title. */
  title: string;
  icon?: ReactNode;
  roles: readonly Role[];
  component: LazyExoticComponent<ComponentType>;
  /** Detail pages have a route but no menu item. */
  hidden?: boolean;
}

export const PAGES: AdminPage[] = [
  {
    path: 'dashboard',
    title: 'menu.dashboard',
    icon: <DashboardOutlined />,
    roles: ['finance'],
    component: lazy(() => import('../pages/dashboard/DashboardPage.tsx')),
  },
  {
    path: 'players',
    title: 'menu.players',
    icon: <UserOutlined />,
    roles: ['risk', 'support', 'finance'],
    component: lazy(() => import('../pages/players/PlayersPage.tsx')),
  },
  {
    path: 'players/:uId',
    title: 'menu.player',
    roles: ['risk', 'support', 'finance'],
    component: lazy(() => import('../pages/players/PlayerDetailPage.tsx')),
    hidden: true,
  },
  {
    path: 'kyc',
    title: 'menu.kyc',
    icon: <IdcardOutlined />,
    roles: ['risk'],
    component: lazy(() => import('../pages/kyc/KycPage.tsx')),
  },
  {
    path: 'compliance',
    title: 'menu.compliance',
    icon: <SafetyOutlined />,
    roles: ['risk', 'finance'],
    component: lazy(() => import('../pages/compliance/CompliancePage.tsx')),
  },
  {
    path: 'withdrawals',
    title: 'menu.withdrawals',
    icon: <WalletOutlined />,
    roles: ['finance', 'risk'],
    component: lazy(() => import('../pages/withdrawals/WithdrawalsPage.tsx')),
  },
  {
    path: 'deposits',
    title: 'menu.deposits',
    icon: <DollarOutlined />,
    roles: ['finance'],
    component: lazy(() => import('../pages/deposits/DepositsPage.tsx')),
  },
  {
    path: 'packages',
    title: 'menu.packages',
    icon: <GiftOutlined />,
    roles: ['finance'],
    component: lazy(() => import('../pages/packages/PackagesPage.tsx')),
  },
  {
    path: 'games',
    title: 'menu.games',
    icon: <PlayCircleOutlined />,
    roles: ['trader'],
    component: lazy(() => import('../pages/games/GamesPage.tsx')),
  },
  {
    path: 'sportsbook',
    title: 'menu.sportsbook',
    icon: <TrophyOutlined />,
    roles: ['trader'],
    component: lazy(() => import('../pages/sportsbook/SportsbookPage.tsx')),
  },
  {
    path: 'sportsbook/builder',
    title: 'menu.builderExposure',
    icon: <FireOutlined />,
    roles: ['trader'],
    component: lazy(() => import('../pages/sportsbook/BuilderExposurePage.tsx')),
  },
  {
    path: 'sportsbook/boosts',
    title: 'menu.boosts',
    icon: <ThunderboltOutlined />,
    roles: ['trader'],
    component: lazy(() => import('../pages/sportsbook/BoostsPage.tsx')),
  },
  {
    path: 'sportsbook/early-payout',
    title: 'menu.earlyPayout',
    icon: <FieldTimeOutlined />,
    roles: ['trader'],
    component: lazy(() => import('../pages/sportsbook/EarlyPayoutPage.tsx')),
  },
  {
    path: 'tournaments',
    title: 'menu.tournaments',
    icon: <CrownOutlined />,
    roles: ['marketing'],
    component: lazy(() => import('../pages/tournaments/TournamentsPage.tsx')),
  },
  {
    path: 'notices',
    title: 'menu.notices',
    icon: <BellOutlined />,
    roles: ['marketing'],
    component: lazy(() => import('../pages/notices/NoticesPage.tsx')),
  },
  {
    path: 'commissions',
    title: 'menu.commissions',
    icon: <ShareAltOutlined />,
    roles: ['marketing', 'risk', 'support', 'finance'],
    component: lazy(() => import('../pages/commissions/CommissionsPage.tsx')),
  },
  {
    path: 'support',
    title: 'menu.support',
    icon: <CustomerServiceOutlined />,
    roles: ['support'],
    component: lazy(() => import('../pages/support/InboxPage.tsx')),
  },
  {
    path: 'support-canned',
    title: 'menu.canned',
    icon: <MessageOutlined />,
    roles: ['support'],
    component: lazy(() => import('../pages/support/CannedPage.tsx')),
  },
  {
    path: 'support-settings',
    title: 'menu.supportSettings',
    icon: <SettingOutlined />,
    roles: ['owner'],
    component: lazy(() => import('../pages/support/SettingsPage.tsx')),
  },
  {
    path: 'reconciliation',
    title: 'menu.reconciliation',
    icon: <FileSearchOutlined />,
    roles: ['finance'],
    component: lazy(() => import('../pages/reconciliation/ReconciliationPage.tsx')),
  },
  {
    path: 'reports/spa',
    title: 'menu.spaReports',
    icon: <FileSearchOutlined />,
    roles: ['finance'],
    component: lazy(() => import('../pages/reports/SpaReportsPage.tsx')),
  },
  {
    path: 'operators',
    title: 'menu.operators',
    icon: <TeamOutlined />,
    roles: ['owner'],
    component: lazy(() => import('../pages/operators/OperatorsPage.tsx')),
  },
  {
    path: 'audit',
    title: 'menu.audit',
    icon: <AuditOutlined />,
    roles: ['owner'],
    component: lazy(() => import('../pages/audit/AuditPage.tsx')),
  },
  {
    path: 'security',
    title: 'menu.security',
    icon: <SafetyOutlined />,
    roles: ['owner', 'finance', 'risk', 'support', 'trader', 'marketing'],
    component: lazy(() => import('../pages/security/SecurityPage.tsx')),
  },
  {
    path: 'pix',
    title: 'menu.pix',
    icon: <BankOutlined />,
    roles: ['finance'],
    component: lazy(() => import('../pages/pix/PixPage.tsx')),
  },
  {
    path: 'vip',
    title: 'menu.vip',
    icon: <CrownOutlined />,
    roles: ['marketing'],
    component: lazy(() => import('../pages/engagement/VipPage.tsx')),
  },
  {
    path: 'rewards',
    title: 'menu.rewards',
    icon: <FireOutlined />,
    roles: ['marketing'],
    component: lazy(() => import('../pages/engagement/RewardsPage.tsx')),
  },
  {
    path: 'campaigns',
    title: 'menu.campaigns',
    icon: <FlagOutlined />,
    roles: ['marketing'],
    component: lazy(() => import('../pages/engagement/CampaignsPage.tsx')),
  },
  {
    path: 'awards',
    title: 'menu.awards',
    icon: <StarOutlined />,
    roles: ['marketing'],
    component: lazy(() => import('../pages/engagement/AwardsPage.tsx')),
  },
];
