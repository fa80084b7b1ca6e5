import { type Static, Type } from 'typebox';
import { NO_NUL, PageQuery, ShortText, Text } from './common.ts';
import { KycCheck } from './identity.ts';
import { AmountInput } from './wallet.ts';

/**
 * The operator back office (api-contract sections 8 and 12). Money is in reais (numbers, 2 decimals), times
 * are epoch milliseconds, lists take `page` (from 1) and `size` (1..100) and answer `{ records, total }`.
 * Calls marked "ours" are the project's own additions the contract leaves open.
 */

export const OPERATOR_ROLES = ['owner', 'finance', 'risk', 'support', 'trader', 'marketing'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export const OperatorRoleCode = Type.Union([
  Type.Literal('owner'),
  Type.Literal('finance'),
  Type.Literal('risk'),
  Type.Literal('support'),
  Type.Literal('trader'),
  Type.Literal('marketing'),
]);

const Money = Type.Number();
const Millis = Type.Integer();
const NullableMillis = Type.Union([Type.Integer(), Type.Null()]);
const Page = <T extends Parameters<typeof Type.Array>[0]>(record: T) =>
  Type.Object({ records: Type.Array(record), total: Type.Integer() });
const Day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', minLength: 10, maxLength: 10 });
const OperatorPassword = Type.String({ minLength: 12, maxLength: 200 });
const TotpCode = Type.String({ pattern: '^[0-9]{6}$', minLength: 6, maxLength: 6 });

// --- auth (section 8; TOTP calls are ours) ---
export const AdminLoginBody = Type.Object({
  username: Text({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
  /** Required once the operator has enrolled TOTP. */
  totp: Type.Optional(TotpCode),
});
export type AdminLoginBody = Static<typeof AdminLoginBody>;
export const AdminLoginAnswer = Type.Object({ access_token: Type.String(), expires_in: Type.Integer() });
export type AdminLoginAnswer = Static<typeof AdminLoginAnswer>;

export const AdminMeAnswer = Type.Object({
  username: Type.String(),
  roles: Type.Array(OperatorRoleCode),
  /** Ours: whether the second factor is enrolled, and whether it must be before anything else. */
  totpEnabled: Type.Boolean(),
  totpRequired: Type.Boolean(),
});
export type AdminMeAnswer = Static<typeof AdminMeAnswer>;

/** Ours: POST /api/admin/auth/totp/enrol → a fresh secret (not active until confirmed). */
export const TotpEnrolAnswer = Type.Object({
  otpauthUri: Type.String(),
  /** A `data:image/svg+xml;base64,...` QR code of `otpauthUri`. */
  qr: Type.String(),
  secret: Type.String(),
});
export type TotpEnrolAnswer = Static<typeof TotpEnrolAnswer>;
/** Ours: POST /api/admin/auth/totp/confirm `{ code }` → `{ totpEnabled: true }`. */
export const TotpConfirmBody = Type.Object({ code: TotpCode });
export type TotpConfirmBody = Static<typeof TotpConfirmBody>;
export const TotpConfirmAnswer = Type.Object({ totpEnabled: Type.Boolean() });
export type TotpConfirmAnswer = Static<typeof TotpConfirmAnswer>;

// --- operators (owner only) ---
export const OperatorStatusCode = Type.Union([Type.Literal('active'), Type.Literal('disabled')]);
export const OperatorView = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  roles: Type.Array(OperatorRoleCode),
  status: OperatorStatusCode,
  totpEnabled: Type.Boolean(),
  time: Millis,
  lastLoginAt: NullableMillis,
});
export type OperatorView = Static<typeof OperatorView>;
export const OperatorsAnswer = Type.Array(OperatorView);
export type OperatorsAnswer = Static<typeof OperatorsAnswer>;
const Roles = Type.Array(OperatorRoleCode, { minItems: 1, maxItems: 6, uniqueItems: true });
export const CreateOperatorBody = Type.Object({
  username: Type.String({ minLength: 3, maxLength: 50, pattern: '^[a-z0-9._-]+$' }),
  password: OperatorPassword,
  roles: Roles,
});
export type CreateOperatorBody = Static<typeof CreateOperatorBody>;
export const UpdateOperatorBody = Type.Object({
  roles: Type.Optional(Roles),
  status: Type.Optional(OperatorStatusCode),
});
export type UpdateOperatorBody = Static<typeof UpdateOperatorBody>;
export const OperatorParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }) });

// --- players ---
export const PlayerStatusCode = Type.Union([
  Type.Literal('active'),
  Type.Literal('blocked'),
  Type.Literal('self_excluded'),
]);
export const PlayersQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100, pattern: NO_NUL })),
  ...PageQuery,
});
export type PlayersQuery = Static<typeof PlayersQuery>;
export const PlayerKycStatus = Type.Union([
  Type.Literal('none'),
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
]);
export const PlayerRecord = Type.Object({
  uId: Type.Integer(),
  username: Type.String(),
  /** The name of the player's KYC submission once there is one, else the account's name. */
  name: Type.String(),
  level: Type.Integer(),
  balance: Money,
  freeBalance: Money,
  /**
   * 1 only once an operator approved the KYC; 0 when none, pending or rejected. (The player's own user object
   * reads 1 from submission, so deposits open while the KYC waits; see decision 0015.)
   */
  kyc: Type.Integer(),
  /** Ours: the KYC state behind `kyc`. */
  kycStatus: PlayerKycStatus,
  status: PlayerStatusCode,
  lx: Type.String(),
  testFlag: Type.String(),
  time: Millis,
});
export type PlayerRecord = Static<typeof PlayerRecord>;
export const PlayersAnswer = Page(PlayerRecord);
export type PlayersAnswer = Static<typeof PlayersAnswer>;
export const PlayerDetail = Type.Object({
  ...PlayerRecord.properties,
  paySumAmount: Money,
  wdSumAmount: Money,
  gameSumAmount: Money,
  holdAmount: Money,
  inviter: Type.Union([Type.Object({ uId: Type.Integer(), username: Type.String() }), Type.Null()]),
  cpf: Type.Union([Type.String(), Type.Null()]),
  lastLoginAt: NullableMillis,
  /** Ours: the name of the KYC submission, if any (`cpf` is its CPF). */
  kycName: Type.Union([Type.String(), Type.Null()]),
});
export type PlayerDetail = Static<typeof PlayerDetail>;
export const PlayerParams = Type.Object({
  uId: Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 }),
});
export const PlayerFlagsBody = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('blocked')])),
  lx: Type.Optional(Type.Union([Type.Literal('10'), Type.Literal('20')])),
  testFlag: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
});
export type PlayerFlagsBody = Static<typeof PlayerFlagsBody>;
export const AdjustBody = Type.Object({
  account: Type.Union([Type.Literal('cash'), Type.Literal('bonus')]),
  /** Signed reais, non-zero, at most 2 decimals (e.g. "-12.50"). */
  amount: AmountInput,
  reason: Text({ minLength: 3, maxLength: 200 }),
});
export type AdjustBody = Static<typeof AdjustBody>;
export const AdjustAnswer = Type.Object({ balance: Money, freeBalance: Money });
export type AdjustAnswer = Static<typeof AdjustAnswer>;

/** Ours: paged sub-lists of a player, GET /api/admin/players/{uId}/ledger|bets|orders|sessions. */
export const PlayerSubListQuery = Type.Object({ ...PageQuery });
export const PlayerLedgerEntry = Type.Object({
  txId: Type.Integer(),
  code: Type.String(),
  ref: Type.String(),
  account: Type.String(),
  /** Signed change of the player's account, in reais. */
  amount: Money,
  time: Millis,
});
export type PlayerLedgerEntry = Static<typeof PlayerLedgerEntry>;
export const PlayerLedgerAnswer = Page(PlayerLedgerEntry);
export const PlayerBetRecord = Type.Object({
  product: Type.Union([Type.Literal('originals'), Type.Literal('sports')]),
  id: Type.Integer(),
  game: Type.String(),
  amount: Money,
  payout: Money,
  status: Type.String(),
  time: Millis,
});
export type PlayerBetRecord = Static<typeof PlayerBetRecord>;
export const PlayerBetsAnswer = Page(PlayerBetRecord);
export const PlayerOrderRecord = Type.Object({
  orderId: Type.Integer(),
  type: Type.Union([Type.Literal('10'), Type.Literal('11')]),
  amount: Money,
  gift: Money,
  status: Type.String(),
  review: Type.Union([Type.String(), Type.Null()]),
  time: Millis,
  finishedAt: NullableMillis,
});
export type PlayerOrderRecord = Static<typeof PlayerOrderRecord>;
export const PlayerOrdersAnswer = Page(PlayerOrderRecord);
export const PlayerSessionRecord = Type.Object({
  time: Millis,
  expiresAt: Millis,
  revokedAt: NullableMillis,
  live: Type.Boolean(),
});
export type PlayerSessionRecord = Static<typeof PlayerSessionRecord>;
export const PlayerSessionsAnswer = Page(PlayerSessionRecord);

// --- KYC ---
export const KycStatusCode = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
]);
export const KycQuery = Type.Object({ status: Type.Optional(KycStatusCode), ...PageQuery });
export type KycQuery = Static<typeof KycQuery>;
export const KycRecord = Type.Object({
  uId: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  cpf: Type.String(),
  status: KycStatusCode,
  reason: Type.Union([Type.String(), Type.Null()]),
  time: Millis,
  /** Ours (issue 15): the birth date given (YYYY-MM-DD) and the identity bureau's flags, for the reviewer. */
  birthDate: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  flags: Type.Optional(Type.Array(Type.String())),
  /** Ours (issue 29): the identity provider's answer (CPF standing, name and birth match, face and liveness). */
  check: Type.Optional(Type.Union([KycCheck, Type.Null()])),
  /** Whether a selfie came with the KYC (GET /api/admin/kyc/{uId}/selfie shows it). */
  selfie: Type.Optional(Type.Boolean()),
});
export type KycRecord = Static<typeof KycRecord>;
export const KycAnswer = Page(KycRecord);
export type KycAnswer = Static<typeof KycAnswer>;
export const KycDecisionBody = Type.Object({
  decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
  reason: Type.Optional(ShortText(200)),
});
export type KycDecisionBody = Static<typeof KycDecisionBody>;

// --- withdrawals ---
export const WithdrawalReviewStatus = Type.Union([
  Type.Literal('review'),
  Type.Literal('paying'),
  Type.Literal('paid'),
  Type.Literal('rejected'),
]);
export type WithdrawalReviewStatus = Static<typeof WithdrawalReviewStatus>;
export const RISK_REASONS = [
  'above_threshold',
  'first_withdrawal',
  'no_deposit_since_last',
  'shared_pix_key',
  'name_mismatch',
] as const;
export type RiskReason = (typeof RISK_REASONS)[number];
export const WithdrawalsQuery = Type.Object({ status: Type.Optional(WithdrawalReviewStatus), ...PageQuery });
export type WithdrawalsQuery = Static<typeof WithdrawalsQuery>;
export const WithdrawalRecord = Type.Object({
  orderId: Type.Integer(),
  uId: Type.Integer(),
  username: Type.String(),
  amount: Money,
  payCardBank: Type.String(),
  payCardNo: Type.String(),
  /** The holder name typed for the payout, or the player's KYC name when none was typed. */
  name: Type.String(),
  /** Ours: the player's KYC name, to compare with the holder name (null: no KYC). */
  kycName: Type.Union([Type.String(), Type.Null()]),
  risk: Type.Array(Type.String()),
  status: WithdrawalReviewStatus,
  /** Ours: who decided and why (null while in review or when approved automatically). */
  reviewedBy: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
  time: Millis,
  /**
   * Ours (decision 0052): the 120-minute payout clock from the request. `deadline` always; `minutesLeft` and
   * `clock` while the withdrawal is open (null once paid or returned): `near` past 90 minutes, `late` past 120.
   */
  deadline: Millis,
  minutesLeft: Type.Union([Type.Integer(), Type.Null()]),
  clock: Type.Union([Type.Literal('ok'), Type.Literal('near'), Type.Literal('late'), Type.Null()]),
  /** Ours (decision 0057): a withdrawal that withheld the winnings tax: what was asked and the tax (`amount`: net). */
  gross: Type.Optional(Money),
  tax: Type.Optional(Money),
});
export type WithdrawalRecord = Static<typeof WithdrawalRecord>;
/** Ours (decision 0052): the open withdrawals against the payout deadline, for the operator's notice. */
export const WithdrawalClockSummary = Type.Object({
  open: Type.Integer(),
  /** Past the alarm (90 minutes) and still in time. */
  near: Type.Integer(),
  /** Past the deadline (120 minutes). */
  late: Type.Integer(),
  /** The oldest open withdrawal's age, as the `aposta_payout_oldest_open_age_seconds` gauge reads it (0: none). */
  oldestAgeSeconds: Type.Integer(),
  deadlineMinutes: Type.Integer(),
  alarmMinutes: Type.Integer(),
});
export type WithdrawalClockSummary = Static<typeof WithdrawalClockSummary>;
export const WithdrawalsAnswer = Page(WithdrawalRecord);
export type WithdrawalsAnswer = Static<typeof WithdrawalsAnswer>;
export const WithdrawalParams = Type.Object({
  orderId: Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 }),
});
export const WithdrawalRejectBody = Type.Object({ reason: Text({ minLength: 3, maxLength: 200 }) });
export type WithdrawalRejectBody = Static<typeof WithdrawalRejectBody>;

// --- deposits ---
export const DepositStatusCode = Type.Union([
  Type.Literal('00'),
  Type.Literal('10'),
  Type.Literal('01'),
  Type.Literal('-01'),
]);
export const DepositsQuery = Type.Object({ status: Type.Optional(DepositStatusCode), ...PageQuery });
export type DepositsQuery = Static<typeof DepositsQuery>;
export const DepositRecord = Type.Object({
  orderId: Type.Integer(),
  uId: Type.Integer(),
  amount: Money,
  gift: Money,
  status: Type.String(),
  provider: Type.String(),
  payNo: Type.Union([Type.String(), Type.Null()]),
  time: Millis,
  paidAt: NullableMillis,
});
export type DepositRecord = Static<typeof DepositRecord>;
export const DepositsAnswer = Page(DepositRecord);
export type DepositsAnswer = Static<typeof DepositsAnswer>;

// --- price packages ---
/**
 * The package groups of the player app (spec: a price package's `curreny` is BRL, EXTPAY, INSBRL, EXPPAY, BTBRL,
 * FCBRL or empty); the database accepts exactly these.
 */
export const PACKAGE_GROUPS = ['BRL', 'EXTPAY', 'INSBRL', 'EXPPAY', 'BTBRL', 'FCBRL', ''] as const;
const PackageGroup = Type.String({ pattern: `^(${PACKAGE_GROUPS.join('|')})$`, maxLength: 10 });
export const AdminPackage = Type.Object({
  pkgId: Type.Integer(),
  price: Money,
  gift: Money,
  curreny: Type.String(),
  sort: Type.Integer(),
  enabled: Type.Boolean(),
  /** Ours (issue 16): 'card' packages are sold at the PSP's card checkout, when it is configured. */
  channel: Type.Union([Type.Literal('pix'), Type.Literal('card')]),
});
export type AdminPackage = Static<typeof AdminPackage>;
export const AdminPackagesAnswer = Type.Array(AdminPackage);
export const PackageBody = Type.Object({
  price: AmountInput,
  gift: AmountInput,
  curreny: PackageGroup,
  sort: Type.Integer({ minimum: 0, maximum: 10_000 }),
  enabled: Type.Boolean(),
  channel: Type.Optional(Type.Union([Type.Literal('pix'), Type.Literal('card')])),
});
export type PackageBody = Static<typeof PackageBody>;
export const PackageUpdateBody = Type.Partial(PackageBody);
export type PackageUpdateBody = Static<typeof PackageUpdateBody>;
export const PackageParams = Type.Object({ pkgId: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }) });

// --- games catalogue ---
export const GroupCode = Type.Union([
  Type.Literal('SELF'),
  Type.Literal('PG'),
  Type.Literal('EVO'),
  Type.Literal('BG'),
]);
export const AdminGame = Type.Object({
  productCode: Type.String(),
  gameCode: Type.String(),
  gameType: Type.String(),
  name: Type.String(),
  icon: Type.String(),
  stop: Type.Boolean(),
  hot: Type.Boolean(),
  sort: Type.Integer(),
  betMin: Money,
  betMax: Money,
  payoutMax: Money,
});
export type AdminGame = Static<typeof AdminGame>;
export const AdminGamesAnswer = Type.Array(AdminGame);
export const GameParams = Type.Object({
  productCode: GroupCode,
  gameCode: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
});
export const GameUpdateBody = Type.Object({
  stop: Type.Optional(Type.Boolean()),
  hot: Type.Optional(Type.Boolean()),
  betMin: Type.Optional(AmountInput),
  betMax: Type.Optional(AmountInput),
  payoutMax: Type.Optional(AmountInput),
});
export type GameUpdateBody = Static<typeof GameUpdateBody>;

// --- notices ---
export const AdminNotice = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  enabled: Type.Boolean(),
  time: Millis,
});
export type AdminNotice = Static<typeof AdminNotice>;
export const AdminNoticesAnswer = Type.Array(AdminNotice);
export const NoticeBody = Type.Object({
  title: Text({ minLength: 1, maxLength: 200 }),
  content: Text({ minLength: 1, maxLength: 4000 }),
  enabled: Type.Boolean(),
});
export type NoticeBody = Static<typeof NoticeBody>;
export const NoticeUpdateBody = Type.Partial(NoticeBody);
export type NoticeUpdateBody = Static<typeof NoticeUpdateBody>;
export const NoticeParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }) });

// --- reports ---
export const DailyReportQuery = Type.Object({ from: Day, to: Day });
export type DailyReportQuery = Static<typeof DailyReportQuery>;
export const DailyReportRow = Type.Object({
  day: Type.String(),
  deposits: Money,
  withdrawals: Money,
  stakes: Money,
  payouts: Money,
  ggr: Type.Object({ originals: Money, slots: Money, sports: Money }),
  bonusCost: Money,
  /** Invitation commissions paid to players that day (issue 13). */
  commissionCost: Money,
  /** Ours (issue 34): tournament prizes and mission rewards paid that day (house_prizes, decision 0067). */
  prizeCost: Type.Optional(Money),
  /** Ours (issue 33): paid over the normal odds on the boosted bets settled that day (decision 0063). */
  boostCost: Type.Optional(Money),
  newPlayers: Type.Integer(),
  activePlayers: Type.Integer(),
});
export type DailyReportRow = Static<typeof DailyReportRow>;
export const DailyReportAnswer = Type.Array(DailyReportRow);
export type DailyReportAnswer = Static<typeof DailyReportAnswer>;

// --- ledger ---
export const LedgerCheckAnswer = Type.Object({
  ok: Type.Boolean(),
  differences: Type.Array(Type.Object({ kind: Type.String(), detail: Type.String() })),
});
export type LedgerCheckAnswer = Static<typeof LedgerCheckAnswer>;
/** Ours: GET /api/admin/ledger/journal?code=&ref=&uId=&page=&size= */
export const JournalQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 40, pattern: '^[a-z0-9_]*$' })),
  ref: Type.Optional(Type.String({ maxLength: 100, pattern: NO_NUL })),
  uId: Type.Optional(Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 })),
  ...PageQuery,
});
export type JournalQuery = Static<typeof JournalQuery>;
export const JournalRecord = Type.Object({
  txId: Type.Integer(),
  code: Type.String(),
  ref: Type.String(),
  time: Millis,
  postings: Type.Array(
    Type.Object({ account: Type.String(), uId: Type.Union([Type.Integer(), Type.Null()]), amount: Money }),
  ),
});
export type JournalRecord = Static<typeof JournalRecord>;
export const JournalAnswer = Page(JournalRecord);
export type JournalAnswer = Static<typeof JournalAnswer>;

// --- audit ---
export const AuditQuery = Type.Object({
  operator: Type.Optional(Type.String({ maxLength: 50, pattern: NO_NUL })),
  action: Type.Optional(Type.String({ maxLength: 60, pattern: '^[a-z0-9_.]*$' })),
  ...PageQuery,
});
export type AuditQuery = Static<typeof AuditQuery>;
export const AuditEntry = Type.Object({
  id: Type.Integer(),
  operator: Type.String(),
  action: Type.String(),
  target: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  ip: Type.String(),
  time: Millis,
});
export type AuditEntry = Static<typeof AuditEntry>;
export const AuditAnswer = Page(AuditEntry);
export type AuditAnswer = Static<typeof AuditAnswer>;

// --- sportsbook trading (ours) ---
export const AdminMatchesQuery = Type.Object({
  status: Type.Optional(
    Type.Union([
      Type.Literal('upcoming'),
      Type.Literal('live'),
      Type.Literal('finished'),
      Type.Literal('all'),
    ]),
  ),
  sport: Type.Optional(Type.String({ maxLength: 30, pattern: '^[A-Za-z]*$' })),
  ...PageQuery,
});
export type AdminMatchesQuery = Static<typeof AdminMatchesQuery>;
export const AdminMatchRecord = Type.Object({
  matchId: Type.Integer(),
  sport: Type.String(),
  league: Type.String(),
  home: Type.String(),
  away: Type.String(),
  startTime: Millis,
  period: Type.Integer(),
  feed: Type.String(),
  score: Type.Object({ home: Type.Integer(), away: Type.Integer() }),
  openMarkets: Type.Integer(),
  suspendedMarkets: Type.Integer(),
  openBets: Type.Integer(),
  /** Sum of the open bets' stakes on this match, and the worst case payout across its markets. */
  openStakes: Money,
  liability: Money,
});
export type AdminMatchRecord = Static<typeof AdminMatchRecord>;
export const AdminMatchesAnswer = Page(AdminMatchRecord);
export type AdminMatchesAnswer = Static<typeof AdminMatchesAnswer>;
export const AdminMarketRecord = Type.Object({
  marketId: Type.Integer(),
  type: Type.String(),
  period: Type.String(),
  line: Type.Union([Type.Number(), Type.Null()]),
  status: Type.String(),
  selections: Type.Array(
    Type.Object({
      selectionId: Type.Integer(),
      outcome: Type.String(),
      odds: Type.Number(),
      /** Open stakes on this selection and what it would pay if it won. */
      stakes: Money,
      payout: Money,
    }),
  ),
  /** Worst case over the selections: the most this market can pay on open bets, less nothing. */
  liability: Money,
});
export type AdminMarketRecord = Static<typeof AdminMarketRecord>;
export const AdminMarketsAnswer = Type.Array(AdminMarketRecord);
export type AdminMarketsAnswer = Static<typeof AdminMarketsAnswer>;

/** Which roles may call what (api-contract section 12); `owner` may call everything. */
export const ADMIN_PERMISSIONS = {
  operators: ['owner'],
  'players.read': ['risk', 'support', 'finance'],
  'players.flags': ['risk'],
  'players.adjust': ['finance'],
  kyc: ['risk'],
  'withdrawals.read': ['finance', 'risk'],
  'withdrawals.review': ['finance', 'risk'],
  deposits: ['finance'],
  packages: ['finance'],
  games: ['trader'],
  sports: ['trader'],
  notices: ['marketing'],
  commissions: ['marketing'],
  'commissions.read': ['marketing', 'risk', 'support', 'finance'],
  reports: ['finance'],
  ledger: ['finance'],
  audit: [],
  /** Ours (issue 14): the support inbox, replies, canned answers. */
  chat: ['support'],
  /** Ours (issue 14): the support settings the player app reads at run time (telegram, chat licence). */
  settings: [],
  /** Ours (issue 11): the VIP table, reward rules, sign-in rewards, increase rule and deposit discounts. */
  vip: ['marketing'],
  bonuses: ['marketing'],
  activities: ['marketing'],
  /** Awards granted to players (money): marketing grants, finance sees. */
  gifts: ['marketing'],
  'engagement.read': ['marketing', 'finance'],
  /** Ours (issue 30): the SIGAP list checks and the refunds of players found on a list. */
  compliance: ['risk', 'finance'],
  /** Ours (issue 34): tournaments and missions, their prize tables and payment. */
  tournaments: ['marketing'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type AdminPermission = keyof typeof ADMIN_PERMISSIONS;
