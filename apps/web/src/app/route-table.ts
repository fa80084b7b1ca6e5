import type { ComponentType } from 'react';
import type { PageProps } from '../components/page-props';

export type { PageProps };

// THE route table (spec.md section 2). Adding a page is one line: point its entry's `load` at the
// page module (a default-exported component taking PageProps). Everything else (lazy loading,
// the login guard, the Main shell, keep-alive, the socket's play-page rule, offGame) follows
// from the flags here.

export type PageModule = { default: ComponentType<PageProps> };
export type PageLoader = () => Promise<PageModule>;

export interface RouteEntry {
  /** A path such as '/vip', or a pattern whose last segment ends in one parameter: '/y{yqm}'. */
  path: string;
  load: PageLoader;
  /** Title key under common:pages. */
  title: string;
  /** A child of /main: rendered inside the shell with the header and the tab bar. */
  main?: boolean;
  /** Needs a token; without one the guard alerts, goes home and opens the login overlay. */
  auth?: boolean;
  /** Mounted once and hidden, not unmounted, when the player leaves it (only home). */
  keepAlive?: boolean;
  /** A play page: the socket is closed while it is shown. */
  play?: boolean;
  /** A game page: leaving it emits offGame with the stored game code. */
  game?: boolean;
}

// /my is the same page as /friends (spec.md section 2).
const friendsPage: PageLoader = () => import('../features/invite/FriendsPage');

export const routeTable: readonly RouteEntry[] = [
  {
    path: '/home',
    load: () => import('../features/home/HomePage'),
    title: 'home',
    main: true,
    keepAlive: true,
  },
  { path: '/search', load: () => import('../features/slots/pages/SearchPage'), title: 'search', main: true },
  { path: '/bonus', load: () => import('../features/engage/pages/BonusPage'), title: 'bonus', main: true },
  {
    path: '/paySuccess',
    load: () => import('../features/engage/pages/PaySuccessPage'),
    title: 'paySuccess',
    main: true,
  },
  { path: '/friends', load: friendsPage, title: 'friends', main: true },
  { path: '/my', load: friendsPage, title: 'friends', main: true },
  { path: '/agentJl2', load: () => import('../features/invite/AgentPage'), title: 'agent', main: true },
  { path: '/gg', load: () => import('../features/slots/pages/AllGamesPage'), title: 'gg', main: true },
  { path: '/y{yqm}', load: () => import('../features/invite/InvitePage'), title: 'home' },
  { path: '/active{id}', load: () => import('../features/engage/pages/ActivityPage'), title: 'activity' },
  { path: '/share', load: () => import('../features/invite/SharePage'), title: 'share', auth: true },
  {
    path: '/gameMess',
    load: () => import('../features/slots/pages/GameMessPage'),
    title: 'gameMess',
    auth: true,
  },
  { path: '/registros', load: () => import('../features/wallet/RecordsPage'), title: 'records' },
  { path: '/conta', load: () => import('../features/engage/pages/AccountPage'), title: 'account' },
  { path: '/vip', load: () => import('../features/engage/pages/VipPage'), title: 'vip' },
  {
    path: '/gameGroupList',
    load: () => import('../features/slots/pages/GameGroupListPage'),
    title: 'gameGroupList',
  },
  {
    path: '/footballPage',
    load: () => import('../features/sports/pages/SportsPage'),
    title: 'football',
    main: true,
  },
  {
    path: '/sports',
    load: () => import('../features/sports/pages/SportsPage'),
    title: 'football',
    main: true,
  },
  {
    path: '/sports/match/:matchId',
    load: () => import('../features/sports/pages/MatchPage'),
    title: 'football',
    main: true,
  },
  // A shared slip (decision 0064): open to guests, who are asked to log in to bet.
  {
    path: '/sports/slip/:code',
    load: () => import('../features/sports/share/SharedSlipPage'),
    title: 'football',
    main: true,
  },
  {
    path: '/sports/bets',
    load: () => import('../features/sports/pages/MyBetsPage'),
    title: 'football',
    main: true,
    auth: true,
  },
  { path: '/signInSheet', load: () => import('../features/engage/pages/SignInPage'), title: 'signIn' },
  { path: '/error', load: () => import('../features/errors/ErrorPage'), title: 'error' },
  // A provider's slot: the socket is closed (`play`); its back button stops the game (stopGame). Top level
  // without the guard (spec.md section 2): a guest may open it, and the page asks for login before it launches.
  // Leaving it any way (back button, the phone's back) reports offGame with the slot's code (`game`).
  {
    path: '/play',
    load: () => import('../features/slots/pages/PlayPage'),
    title: 'play',
    play: true,
    game: true,
  },
  // The in-house games keep the socket open (not `play`): their rounds and balance arrive through it.
  {
    path: '/mines',
    load: () => import('../features/games/pages/MinesPage'),
    title: 'mines',
    auth: true,
    game: true,
  },
  {
    path: '/dice',
    load: () => import('../features/games/pages/DicePage'),
    title: 'dice',
    auth: true,
    game: true,
  },
  {
    path: '/limbo',
    load: () => import('../features/games/pages/LimboPage'),
    title: 'limbo',
    auth: true,
    game: true,
  },
  {
    path: '/luckyColor',
    load: () => import('../features/games/pages/LuckyColorPage'),
    title: 'luckyColor',
    auth: true,
    game: true,
  },
  {
    path: '/rowDouble',
    load: () => import('../features/games/pages/RowDoublePage'),
    title: 'rowDouble',
    auth: true,
    game: true,
  },
  {
    path: '/double',
    load: () => import('../features/games/pages/DoublePage'),
    title: 'double',
    auth: true,
    game: true,
  },
  {
    path: '/crash',
    load: () => import('../features/crash/CrashPage'),
    title: 'crash',
    auth: true,
    game: true,
  },
  { path: '/verify', load: () => import('../features/games/pages/VerifyPage'), title: 'verify' },
  // Responsible gambling (issue 15): the player's limits and breaks, and the help the footer links to.
  { path: '/limites', load: () => import('../features/rg/LimitsPage'), title: 'limits', auth: true },
  {
    path: '/transparencia',
    load: () => import('../features/transparency/TransparencyPage'),
    title: 'transparency',
    main: true,
    auth: true,
  },
  {
    path: '/torneios',
    load: () => import('../features/tournaments/TournamentsPage'),
    title: 'tournaments',
    main: true,
  },
  { path: '/jogo-responsavel', load: () => import('../features/rg/HelpPage'), title: 'rgHelp' },
  // The texts the registration's agreement links to (decision 0034), open to guests.
  { path: '/termos', load: () => import('../features/legal/TermsPage'), title: 'terms' },
  { path: '/privacidade', load: () => import('../features/legal/PrivacyPage'), title: 'privacy' },
];
