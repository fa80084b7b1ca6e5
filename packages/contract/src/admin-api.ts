import type { Static } from 'typebox';
import type {
  AdjustAnswer,
  AdjustBody,
  AdminGame,
  AdminGamesAnswer,
  AdminLoginAnswer,
  AdminLoginBody,
  AdminMarketsAnswer,
  AdminMatchesAnswer,
  AdminMatchesQuery,
  AdminMeAnswer,
  AdminNotice,
  AdminNoticesAnswer,
  AdminPackage,
  AdminPackagesAnswer,
  AuditAnswer,
  AuditQuery,
  CreateOperatorBody,
  DailyReportAnswer,
  DailyReportQuery,
  DepositsAnswer,
  DepositsQuery,
  GameUpdateBody,
  JournalAnswer,
  JournalQuery,
  KycAnswer,
  KycDecisionBody,
  KycQuery,
  KycRecord,
  LedgerCheckAnswer,
  NoticeBody,
  NoticeUpdateBody,
  OperatorsAnswer,
  OperatorView,
  PackageBody,
  PackageUpdateBody,
  PlayerBetsAnswer,
  PlayerDetail,
  PlayerFlagsBody,
  PlayerLedgerAnswer,
  PlayerOrdersAnswer,
  PlayerSessionsAnswer,
  PlayerSubListQuery,
  PlayersAnswer,
  PlayersQuery,
  TotpConfirmAnswer,
  TotpConfirmBody,
  TotpEnrolAnswer,
  UpdateOperatorBody,
  WithdrawalClockSummary,
  WithdrawalRecord,
  WithdrawalRejectBody,
  WithdrawalsAnswer,
  WithdrawalsQuery,
} from './admin.ts';
import type {
  ComplianceChecksAnswer,
  ComplianceChecksQuery,
  CompliancePlayerStatus,
  ComplianceRefundBody,
  ComplianceRestrictedAnswer,
  ComplianceRestrictedQuery,
} from './compliance.ts';
import type {
  ActivityBody,
  ActivityUpdateBody,
  AdminActivitiesAnswer,
  AdminActivity,
  AdminAwardsAnswer,
  AdminDiscount,
  AdminDiscountsAnswer,
  AdminVipLevelBody,
  AwardBody,
  AwardsQuery,
  CampaignCostsAnswer,
  CampaignCostsQuery,
  DiscountBody,
  DiscountUpdateBody,
  IncreaseRule,
  IncreaseRuleBody,
  RewardRule,
  RewardRuleBody,
  RewardRulesAnswer,
  SigninRewardsAnswer,
  SigninRewardsBody,
  VipLevel,
  VipLevelsAnswer,
} from './engagement.ts';
import type {
  FaceRecheckRequestBody,
  FaceRecheckReviewBody,
  FaceRechecksAnswer,
  FaceRechecksQuery,
} from './face-recheck.ts';
import type { SelfieImage } from './identity.ts';
import type {
  CommissionDaysAnswer,
  CommissionRatesAnswer,
  CommissionRatesBody,
  CommissionRunAnswer,
  CommissionRunBody,
  ReferralTreeAnswer,
  RefusedCommissionsAnswer,
} from './invite.ts';
import type {
  PixReconciliationAnswer,
  PixReconciliationQuery,
  PixReconciliationRunBody,
  PixRefundablesAnswer,
  PixRefundState,
  PixStatusAnswer,
} from './pix.ts';
import type {
  RetentionAnswer,
  SpaReportFile,
  SpaReportsAnswer,
  SpaReportsQuery,
  SpaRunAnswer,
} from './reporting.ts';
import type { PlayerRegistrationData, PlayerRg } from './rg.ts';
import type {
  AdminCreateMatchBody,
  AdminMarketStatusBody,
  AdminMatchStateBody,
  AdminSettleAnswer,
  AdminStakeFactorAnswer,
  AdminStakeFactorBody,
  MarketView,
  MatchDetail,
} from './sports.ts';
import type {
  AdminBoostBody,
  AdminBoostsAnswer,
  AdminBoostView,
  EarlyPayoutRuleBody,
  EarlyPayoutRulesAnswer,
} from './sports-boosts.ts';
import type { AdminBuilderExposureAnswer } from './sports-builder.ts';
import type {
  AssignBody,
  CannedAnswer,
  CannedAnswerBody,
  CannedAnswersAnswer,
  ChatAgentsAnswer,
  ChatHistoryQuery,
  ChatMessage,
  ChatReadBody,
  ConversationRecord,
  ConversationsAnswer,
  ConversationsQuery,
  ReplyBody,
  SupportConfig,
  SupportSettingsBody,
} from './support.ts';
import type {
  AdminTournamentsAnswer,
  MissionCreateBody,
  TournamentCreateBody,
  TournamentPayAnswer,
} from './tournaments.ts';

/** One call of the API: what it answers in the envelope's `data`, what it takes as body and as query. */
export interface ApiCall<Answer, Body = undefined, Query = undefined> {
  readonly answer: Answer;
  readonly body: Body;
  readonly query: Query;
}

// Only the types travel: the value is a placeholder, so that the route list exists at run time (a test holds it
// against the server's routes) without any schema reaching the back office's bundle.
const call = <Answer, Body = undefined, Query = undefined>() => ({}) as ApiCall<Answer, Body, Query>;

type PageQuery = { page?: number; size?: number };

/**
 * The back office's calls (`/api/admin` + path), keyed `METHOD /path/:param` as the server declares them, with the
 * types of the same TypeBox schemas the server validates and answers with. apps/admin/src/api/typed.ts calls them;
 * apps/api/test/admin-contract.test.ts checks that each is a route of the server.
 */
export const ADMIN_API = {
  'POST /auth/login': call<AdminLoginAnswer, AdminLoginBody>(),
  'POST /auth/logout': call<null>(),
  'GET /me': call<AdminMeAnswer>(),
  'POST /auth/totp/enrol': call<TotpEnrolAnswer>(),
  'POST /auth/totp/confirm': call<TotpConfirmAnswer, TotpConfirmBody>(),
  'GET /operators': call<OperatorsAnswer>(),
  'POST /operators': call<OperatorView, CreateOperatorBody>(),
  'POST /operators/:id': call<OperatorView, UpdateOperatorBody>(),
  'GET /players': call<PlayersAnswer, undefined, PlayersQuery>(),
  'GET /players/:uId': call<PlayerDetail>(),
  'GET /players/:uId/ledger': call<
    Static<typeof PlayerLedgerAnswer>,
    undefined,
    Static<typeof PlayerSubListQuery>
  >(),
  'GET /players/:uId/bets': call<
    Static<typeof PlayerBetsAnswer>,
    undefined,
    Static<typeof PlayerSubListQuery>
  >(),
  'GET /players/:uId/orders': call<
    Static<typeof PlayerOrdersAnswer>,
    undefined,
    Static<typeof PlayerSubListQuery>
  >(),
  'GET /players/:uId/sessions': call<
    Static<typeof PlayerSessionsAnswer>,
    undefined,
    Static<typeof PlayerSubListQuery>
  >(),
  'POST /players/:uId/flags': call<PlayerDetail, PlayerFlagsBody>(),
  'POST /players/:uId/adjust': call<AdjustAnswer, AdjustBody>(),
  'GET /players/:uId/rg': call<PlayerRg>(),
  'GET /players/:uId/registration-data': call<PlayerRegistrationData>(),
  'GET /compliance/checks': call<ComplianceChecksAnswer, undefined, ComplianceChecksQuery>(),
  'GET /compliance/restricted': call<ComplianceRestrictedAnswer, undefined, ComplianceRestrictedQuery>(),
  'GET /compliance/players/:uId': call<CompliancePlayerStatus>(),
  'POST /compliance/players/:uId/refunded': call<CompliancePlayerStatus, ComplianceRefundBody>(),
  'GET /tournaments': call<AdminTournamentsAnswer>(),
  'POST /tournaments': call<{ id: number }, TournamentCreateBody>(),
  'POST /tournaments/:id/pay': call<TournamentPayAnswer>(),
  'POST /missions': call<{ id: number }, MissionCreateBody>(),
  'GET /players/:uId/referrals': call<ReferralTreeAnswer>(),
  'GET /withdrawals': call<WithdrawalsAnswer, undefined, WithdrawalsQuery>(),
  'GET /withdrawals/clock': call<WithdrawalClockSummary>(),
  'POST /withdrawals/:orderId/approve': call<WithdrawalRecord>(),
  'POST /withdrawals/:orderId/reject': call<WithdrawalRecord, WithdrawalRejectBody>(),
  'GET /kyc': call<KycAnswer, undefined, KycQuery>(),
  'POST /kyc/:uId': call<KycRecord, KycDecisionBody>(),
  'GET /kyc/:uId/selfie': call<SelfieImage>(),
  'GET /kyc/face-rechecks': call<FaceRechecksAnswer, undefined, FaceRechecksQuery>(),
  'POST /kyc/face-rechecks/:id': call<null, FaceRecheckReviewBody>(),
  'POST /players/:uId/face-recheck': call<null, FaceRecheckRequestBody>(),
  'GET /deposits': call<DepositsAnswer, undefined, DepositsQuery>(),
  'GET /packages': call<Static<typeof AdminPackagesAnswer>>(),
  'POST /packages': call<AdminPackage, PackageBody>(),
  'POST /packages/:pkgId': call<AdminPackage, PackageUpdateBody>(),
  'GET /games': call<Static<typeof AdminGamesAnswer>>(),
  'POST /games/:productCode/:gameCode': call<AdminGame, GameUpdateBody>(),
  'POST /slots/sync': call<{ PG: number; EVO: number; BG: number }>(),
  'GET /notices': call<Static<typeof AdminNoticesAnswer>>(),
  'POST /notices': call<AdminNotice, NoticeBody>(),
  'POST /notices/:id': call<AdminNotice, NoticeUpdateBody>(),
  'GET /reports/daily': call<DailyReportAnswer, undefined, DailyReportQuery>(),
  'GET /reports/spa': call<SpaReportsAnswer, undefined, SpaReportsQuery>(),
  'POST /reports/spa/:day/run': call<SpaRunAnswer>(),
  'GET /reports/spa/:day/files/:name': call<SpaReportFile>(),
  'GET /retention': call<RetentionAnswer>(),
  'GET /ledger/check': call<LedgerCheckAnswer>(),
  'GET /ledger/journal': call<JournalAnswer, undefined, JournalQuery>(),
  'GET /audit': call<AuditAnswer, undefined, AuditQuery>(),
  'GET /sports/matches': call<AdminMatchesAnswer, undefined, AdminMatchesQuery>(),
  'POST /sports/matches': call<MatchDetail, Static<typeof AdminCreateMatchBody>>(),
  'GET /sports/matches/:matchId/markets': call<AdminMarketsAnswer>(),
  'GET /sports/builder/exposure': call<AdminBuilderExposureAnswer, undefined, { limit?: number }>(),
  'POST /sports/matches/:matchId/state': call<MatchDetail, Static<typeof AdminMatchStateBody>>(),
  'POST /sports/markets/:marketId/status': call<MarketView, Static<typeof AdminMarketStatusBody>>(),
  'POST /sports/matches/:matchId/settle': call<Static<typeof AdminSettleAnswer>>(),
  'POST /sports/players/:userId/stake-factor': call<
    AdminStakeFactorAnswer,
    Static<typeof AdminStakeFactorBody>
  >(),
  'GET /sports/boosts': call<
    AdminBoostsAnswer,
    undefined,
    { status?: 'active' | 'ended'; page?: number; size?: number }
  >(),
  'POST /sports/boosts': call<AdminBoostView, AdminBoostBody>(),
  'POST /sports/boosts/:boostId/end': call<AdminBoostView>(),
  'GET /sports/early-payout-rules': call<EarlyPayoutRulesAnswer>(),
  'POST /sports/early-payout-rules': call<EarlyPayoutRulesAnswer, EarlyPayoutRuleBody>(),
  'GET /pix/status': call<PixStatusAnswer>(),
  'GET /pix/refundables': call<PixRefundablesAnswer>(),
  'POST /pix/refundables/:eventId/refund': call<{
    id: string;
    amount: number;
    status: Static<typeof PixRefundState>;
  }>(),
  'GET /pix/reconciliation': call<
    PixReconciliationAnswer,
    undefined,
    Static<typeof PixReconciliationQuery>
  >(),
  'POST /pix/reconciliation': call<{ differences: number }, Static<typeof PixReconciliationRunBody>>(),
  'GET /commissions/rates': call<CommissionRatesAnswer>(),
  'POST /commissions/rates': call<CommissionRatesAnswer, CommissionRatesBody>(),
  'POST /commissions/run': call<CommissionRunAnswer, CommissionRunBody | undefined>(),
  'GET /commissions/days': call<CommissionDaysAnswer, undefined, PageQuery>(),
  'GET /commissions/refused': call<RefusedCommissionsAnswer, undefined, PageQuery>(),
  'GET /vip/levels': call<VipLevelsAnswer>(),
  'POST /vip/levels/:level': call<VipLevel, AdminVipLevelBody>(),
  'GET /rewards/rules': call<Static<typeof RewardRulesAnswer>>(),
  'POST /rewards/rules/:kind': call<RewardRule, Static<typeof RewardRuleBody>>(),
  'GET /signin/rewards': call<Static<typeof SigninRewardsAnswer>>(),
  'POST /signin/rewards': call<Static<typeof SigninRewardsAnswer>, SigninRewardsBody>(),
  'GET /increase': call<IncreaseRule>(),
  'POST /increase': call<IncreaseRule, IncreaseRuleBody>(),
  'GET /discounts': call<Static<typeof AdminDiscountsAnswer>>(),
  'POST /discounts': call<AdminDiscount, DiscountBody>(),
  'POST /discounts/:id': call<AdminDiscount, DiscountUpdateBody>(),
  'GET /activities': call<Static<typeof AdminActivitiesAnswer>>(),
  'POST /activities': call<AdminActivity, ActivityBody>(),
  'POST /activities/:id': call<AdminActivity, ActivityUpdateBody>(),
  'GET /awards': call<Static<typeof AdminAwardsAnswer>, undefined, AwardsQuery>(),
  'POST /awards': call<{ granted: number }, AwardBody>(),
  'GET /engagement/costs': call<CampaignCostsAnswer, undefined, CampaignCostsQuery>(),
  'GET /chat/conversations': call<ConversationsAnswer, undefined, ConversationsQuery>(),
  'GET /chat/conversations/:id/messages': call<ChatMessage[], undefined, ChatHistoryQuery>(),
  'POST /chat/conversations/:id/messages': call<ChatMessage, ReplyBody>(),
  'POST /chat/conversations/:id/read': call<null, ChatReadBody>(),
  'POST /chat/conversations/:id/close': call<ConversationRecord>(),
  'POST /chat/conversations/:id/reopen': call<ConversationRecord>(),
  'POST /chat/conversations/:id/assign': call<ConversationRecord, AssignBody>(),
  'GET /chat/agents': call<ChatAgentsAnswer>(),
  'GET /chat/canned': call<CannedAnswersAnswer>(),
  'POST /chat/canned': call<CannedAnswer, CannedAnswerBody>(),
  'POST /chat/canned/:id': call<CannedAnswer, CannedAnswerBody>(),
  'POST /chat/canned/:id/delete': call<null>(),
  'GET /support/settings': call<SupportConfig>(),
  'POST /support/settings': call<SupportConfig, SupportSettingsBody>(),
};

export type AdminApi = typeof ADMIN_API;
export type AdminRoute = keyof AdminApi;
