import type { SportCode } from '@aposta/sports';
import type { Static } from 'typebox';
import type { ApiCall } from './admin-api.ts';
import type {
  CheckEmailBody,
  LoginBody,
  RegisterBody,
  SendEmailBody,
  SetPwdBody,
  TokenAnswer,
} from './auth.ts';
import type {
  CrashBetAnswer,
  CrashBetBody,
  CrashCashoutAnswer,
  CrashCashoutBody,
  CrashRoundAnswer,
  CrashStateAnswer,
} from './crash.ts';
import type {
  ActivitiesAnswer,
  ActivityDetail,
  BalancesAnswer,
  BonusAnswer,
  GiftsAnswer,
  NoticesAnswer,
  SigninAnswer,
  SigninClaimAnswer,
  VipLevelsAnswer,
  VipStatusAnswer,
} from './engagement.ts';
import type { FaceRecheckAnswer, FaceRecheckBody, FaceRecheckState } from './face-recheck.ts';
import type {
  DiceBetAnswer,
  DiceBetBody,
  DoubleBetBody,
  DoubleRoundAnswer,
  DoubleStateAnswer,
  GameBetsAnswer,
  GameBetsQuery,
  LimboBetAnswer,
  LimboBetBody,
  LuckyBetBody,
  LuckyRoundAnswer,
  LuckyStateAnswer,
  MinesActiveAnswer,
  MinesCashoutAnswer,
  MinesCashoutBody,
  MinesRevealAnswer,
  MinesRevealBody,
  MinesStartAnswer,
  MinesStartBody,
  PeriodQuery,
  RotateAnswer,
  RotateBody,
  RoundBetAnswer,
  RoundBetAnswerWithIssue,
  RowDoubleBetAnswer,
  RowDoubleBetBody,
  SeedsAnswer,
} from './games.ts';
import type { SelfieAnswer, SelfieBody } from './identity.ts';
import type {
  AgentClaimAnswer,
  AgentSummaryAnswer,
  FriendsAnswer,
  FriendsQuery,
  InviteInfoAnswer,
} from './invite.ts';
import type { GameBadgesAnswer, RecentGamesAnswer, RecentGamesQuery } from './lobby.ts';
import type { PayMethodsAnswer } from './pix.ts';
import type { CompleteRegistrationBody, ExcludeBody, PlaySession, RgLimits, RgLimitsBody } from './rg.ts';
import type {
  GameInfoAnswer,
  GameInfoQuery,
  GameLaunchAnswer,
  GameLaunchBody,
  GameListAnswer,
  GameListQuery,
  HotSlotsAnswer,
  HotSlotsQuery,
  InPlayAnswer,
  RecentSlotsAnswer,
  RecentSlotsQuery,
  SlotRoundsAnswer,
  SlotRoundsQuery,
} from './slots.ts';
import type {
  BetsAnswer,
  BetsQuery,
  CashoutAnswer,
  CashoutBody,
  CashoutQuote,
  MatchDetail,
  MatchesAnswer,
  MatchesQuery,
  PlaceBetAnswer,
  PlaceBetBody,
  SportsListAnswer,
} from './sports.ts';
import type { AutoCashoutAnswer, AutoCashoutBody } from './sports-boosts.ts';
import type { BuilderQuote, BuilderQuoteBody } from './sports-builder.ts';
import type { SlipAnswer, SlipCreateBody, SlipCreated, TrackerAnswer } from './sports-share.ts';
import type {
  ChatHistoryAnswer,
  ChatHistoryQuery,
  ChatMessage,
  ChatReadBody,
  SendChatBody,
  SupportConfig,
} from './support.ts';
import type { TaxStatement, TaxStatementQuery } from './tax.ts';
import type {
  MissionClaimAnswer,
  MissionsAnswer,
  TournamentBoard,
  TournamentsAnswer,
} from './tournaments.ts';
import type { LegalInfo, TransparencyAnswer, TransparencyQuery } from './transparency.ts';
import type {
  BalanceAnswer,
  MainListsAnswer,
  PricePackage,
  PricesQuery,
  TestAccountAnswer,
  UserInfoAnswer,
} from './user.ts';
import type {
  KycBody,
  OrderStatusAnswer,
  PrePayAnswer,
  PrePayBody,
  RecordsAnswer,
  RecordsQuery,
  TransferAnswer,
  TransferBody,
  TransferRecordsAnswer,
  TransferRecordsQuery,
  WithdrawBody,
  WithdrawInfoAnswer,
} from './wallet.ts';

// As in admin-api.ts: only the types travel; the value is a placeholder, so that the route list exists at run time
// (a test holds it against the server's routes) without any schema reaching the player's bundle.
// SportCode is a Type.Union over a mapped array, whose static type TypeBox cannot name: the query says the codes.
type MatchesFilter = Omit<Static<typeof MatchesQuery>, 'sport'> & { sport?: SportCode };

const call = <Answer, Body = undefined, Query = undefined>() => ({}) as ApiCall<Answer, Body, Query>;

/**
 * The player app's calls, keyed `METHOD /path/:param` exactly as the server declares them, with the types of the
 * same TypeBox schemas the server validates and answers with. apps/web/src/lib/player-api.ts calls them, so no call
 * site asserts an answer's type; player-api.test.ts checks that each is a route of the server.
 */
export const PLAYER_API = {
  'POST /api/auth/user/restRegister': call<TokenAnswer, RegisterBody>(),
  'POST /api/auth/user/restLogin': call<TokenAnswer, LoginBody>(),
  'POST /api/auth/user/logout': call<null>(),
  'POST /api/app/main/RESETPWD/sendEmail': call<null, SendEmailBody>(),
  'POST /api/app/main/RESETPWD/checkEmail': call<string, CheckEmailBody>(),
  'POST /api/app/main/setPwd': call<null, SetPwdBody>(),
  'GET /api/app/user/userInfo': call<UserInfoAnswer>(),
  'GET /api/app/user/getBalance': call<BalanceAnswer>(),
  'GET /api/app/user/getUserTest': call<TestAccountAnswer>(),
  'GET /api/app/user/setHeader/:index': call<null>(),
  'POST /api/app/user/updateKyc': call<null, KycBody>(),
  'POST /api/app/identity/selfie': call<SelfieAnswer, SelfieBody>(),
  'GET /api/app/identity/recheck': call<FaceRecheckState>(),
  'POST /api/app/identity/recheck': call<FaceRecheckAnswer, FaceRecheckBody>(),
  'GET /api/app/main/userGift': call<number>(),
  'GET /api/app/main/main': call<MainListsAnswer>(),
  'GET /api/app/main/payMethods': call<PayMethodsAnswer>(),
  'GET /api/app/main/notices': call<NoticesAnswer>(),
  'GET /api/app/main/config': call<SupportConfig>(),
  'GET /api/app/main/gifts': call<GiftsAnswer>(),
  'POST /api/app/main/gifts/:id/receive': call<BalancesAnswer>(),
  'POST /api/app/main/increase/receive': call<BalancesAnswer>(),
  'GET /api/app/bonus': call<BonusAnswer>(),
  'GET /api/app/vip/levels': call<VipLevelsAnswer>(),
  'GET /api/app/vip/status': call<VipStatusAnswer>(),
  'POST /api/app/vip/claim/:level': call<BalancesAnswer>(),
  'GET /api/app/signin': call<SigninAnswer>(),
  'POST /api/app/signin': call<SigninClaimAnswer>(),
  'GET /api/app/activities': call<Static<typeof ActivitiesAnswer>>(),
  'GET /api/app/activities/:id': call<ActivityDetail>(),
  'GET /api/app/rg/limits': call<RgLimits>(),
  'POST /api/app/rg/limits': call<RgLimits, RgLimitsBody>(),
  'POST /api/app/rg/exclude': call<null, ExcludeBody>(),
  'POST /api/app/rg/registration': call<RgLimits, CompleteRegistrationBody>(),
  'GET /api/app/rg/session': call<PlaySession>(),
  'GET /api/app/transparency': call<TransparencyAnswer, undefined, TransparencyQuery>(),
  'GET /api/app/tax/statement': call<TaxStatement, undefined, TaxStatementQuery>(),
  'GET /api/app/tax/statement/download': call<string, undefined, TaxStatementQuery>(),
  'GET /api/app/tournaments': call<TournamentsAnswer>(),
  'GET /api/app/tournaments/:id': call<TournamentBoard>(),
  'GET /api/app/missions': call<MissionsAnswer>(),
  'POST /api/app/missions/:id/claim': call<MissionClaimAnswer>(),
  'GET /api/app/legal': call<LegalInfo>(),
  'GET /api/app/order/getPrices': call<PricePackage[], undefined, Static<typeof PricesQuery>>(),
  'POST /api/app/order/prePay/:pkgId': call<PrePayAnswer, PrePayBody>(),
  'GET /api/app/order/getStatus/:orderId': call<OrderStatusAnswer>(),
  'POST /api/app/order/cancel/:orderId': call<OrderStatusAnswer>(),
  'GET /api/app/order/getWithdraw': call<WithdrawInfoAnswer>(),
  'POST /api/app/order/withdraw': call<null, WithdrawBody>(),
  'POST /api/app/order/transfer': call<TransferAnswer, TransferBody>(),
  'GET /api/app/order/records': call<RecordsAnswer, undefined, Static<typeof RecordsQuery>>(),
  'GET /api/app/order/transfers': call<TransferRecordsAnswer, undefined, TransferRecordsQuery>(),
  'GET /api/app/game/list': call<GameListAnswer, undefined, GameListQuery>(),
  'GET /api/app/game/hot': call<HotSlotsAnswer, undefined, HotSlotsQuery>(),
  'GET /api/app/game/recent': call<RecentSlotsAnswer, undefined, RecentSlotsQuery>(),
  'GET /api/app/games/recent': call<RecentGamesAnswer, undefined, RecentGamesQuery>(),
  'GET /api/app/games/badges': call<GameBadgesAnswer>(),
  'GET /api/app/game/info': call<GameInfoAnswer, undefined, GameInfoQuery>(),
  'POST /api/app/game/launch': call<GameLaunchAnswer, GameLaunchBody>(),
  'GET /api/app/game/stopGame': call<null>(),
  'GET /api/app/game/inPlay': call<InPlayAnswer>(),
  'GET /api/app/game/slotRounds': call<SlotRoundsAnswer, undefined, Static<typeof SlotRoundsQuery>>(),
  'GET /api/app/game/bets': call<GameBetsAnswer, undefined, Static<typeof GameBetsQuery>>(),
  'POST /api/app/game/dice/bet': call<DiceBetAnswer, DiceBetBody>(),
  'POST /api/app/game/limbo/bet': call<LimboBetAnswer, LimboBetBody>(),
  'POST /api/app/game/rowDouble/bet': call<RowDoubleBetAnswer, RowDoubleBetBody>(),
  'POST /api/app/game/mines/start': call<MinesStartAnswer, MinesStartBody>(),
  'POST /api/app/game/mines/reveal': call<MinesRevealAnswer, MinesRevealBody>(),
  'POST /api/app/game/mines/cashout': call<MinesCashoutAnswer, MinesCashoutBody>(),
  'GET /api/app/game/mines/active': call<MinesActiveAnswer>(),
  'GET /api/app/game/double/state': call<DoubleStateAnswer>(),
  'POST /api/app/game/double/bet': call<RoundBetAnswer, DoubleBetBody>(),
  'GET /api/app/game/double/rounds/:roundId': call<DoubleRoundAnswer>(),
  'GET /api/app/game/luckyColor/state': call<LuckyStateAnswer, undefined, Static<typeof PeriodQuery>>(),
  'POST /api/app/game/luckyColor/bet': call<RoundBetAnswerWithIssue, LuckyBetBody>(),
  'GET /api/app/game/luckyColor/rounds/:period/:issue': call<LuckyRoundAnswer>(),
  'GET /api/app/game/crash/state': call<CrashStateAnswer>(),
  'POST /api/app/game/crash/bet': call<CrashBetAnswer, CrashBetBody>(),
  'POST /api/app/game/crash/cashout': call<CrashCashoutAnswer, CrashCashoutBody>(),
  'GET /api/app/game/crash/rounds/:roundId': call<CrashRoundAnswer>(),
  'GET /api/app/fair/seeds': call<SeedsAnswer>(),
  'POST /api/app/fair/rotate': call<RotateAnswer, RotateBody>(),
  'GET /api/app/sports/list': call<SportsListAnswer>(),
  'GET /api/app/sports/matches': call<MatchesAnswer, undefined, MatchesFilter>(),
  'GET /api/app/sports/matches/:matchId': call<MatchDetail>(),
  'POST /api/app/sports/bet': call<PlaceBetAnswer, PlaceBetBody>(),
  'GET /api/app/sports/bets': call<BetsAnswer, undefined, Static<typeof BetsQuery>>(),
  'GET /api/app/sports/bets/:betId/cashout': call<CashoutQuote>(),
  'POST /api/app/sports/bets/:betId/cashout': call<CashoutAnswer, CashoutBody>(),
  'POST /api/app/sports/bets/:betId/autoCashout': call<AutoCashoutAnswer, AutoCashoutBody>(),
  'POST /api/app/sports/builder/quote': call<BuilderQuote, BuilderQuoteBody>(),
  'POST /api/app/sports/slips': call<SlipCreated, SlipCreateBody>(),
  'GET /api/app/sports/slips/:code': call<SlipAnswer>(),
  'GET /api/app/sports/matches/:matchId/tracker': call<TrackerAnswer>(),
  'GET /api/app/invite/info': call<InviteInfoAnswer>(),
  'GET /api/app/invite/friends': call<FriendsAnswer, undefined, FriendsQuery>(),
  'GET /api/app/agent/summary': call<AgentSummaryAnswer>(),
  'POST /api/app/agent/claim': call<AgentClaimAnswer>(),
  'GET /api/app/chat/messages': call<ChatHistoryAnswer, undefined, ChatHistoryQuery>(),
  'POST /api/app/chat/messages': call<ChatMessage, SendChatBody>(),
  'POST /api/app/chat/read': call<null, ChatReadBody>(),
};

export type PlayerApi = typeof PLAYER_API;
export type PlayerRoute = keyof PlayerApi;
