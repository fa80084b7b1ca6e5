import { type Static, Type } from 'typebox';
import { PageQuery } from './common.ts';

/** Invitations, friends and agents (api-contract section 14). Amounts in reais. */

export const InviteInfoAnswer = Type.Object({
  yqm: Type.String(),
  /** PUBLIC_URL/y{yqm} */
  link: Type.String(),
  invitedCount: Type.Integer(),
  depositedCount: Type.Integer(),
  commissionToday: Type.Number(),
  commissionTotal: Type.Number(),
  commissionClaimable: Type.Number(),
});
export type InviteInfoAnswer = Static<typeof InviteInfoAnswer>;

export const FriendsQuery = Type.Object({
  depth: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, default: 1 })),
  ...PageQuery,
});
export type FriendsQuery = Static<typeof FriendsQuery>;

export const FriendRecord = Type.Object({
  /** Masked: the player never sees an invitee's full e-mail. */
  username: Type.String(),
  level: Type.Integer(),
  /** Registration time, epoch milliseconds. */
  time: Type.Integer(),
  deposited: Type.Boolean(),
  wagered: Type.Number(),
  /** What this friend's stakes earned the player (paid days only). */
  commission: Type.Number(),
});
export type FriendRecord = Static<typeof FriendRecord>;

export const FriendsAnswer = Type.Object({ records: Type.Array(FriendRecord), total: Type.Integer() });
export type FriendsAnswer = Static<typeof FriendsAnswer>;

export const AgentSummaryAnswer = Type.Object({
  /** Fractions of the stake, e.g. 0.005 = 0.5 %. */
  rates: Type.Array(Type.Object({ depth: Type.Integer(), rate: Type.Number() })),
  /** The last 30 America/Sao_Paulo days, oldest first; `day` is YYYY-MM-DD. */
  days: Type.Array(Type.Object({ day: Type.String(), wagered: Type.Number(), commission: Type.Number() })),
});
export type AgentSummaryAnswer = Static<typeof AgentSummaryAnswer>;

export const AgentClaimAnswer = Type.Object({ balance: Type.Number(), freeBalance: Type.Number() });
export type AgentClaimAnswer = Static<typeof AgentClaimAnswer>;

/** Back office (role marketing edits the rates and runs a day; risk, support and finance read). */
export const CommissionRatesAnswer = Type.Array(Type.Object({ depth: Type.Integer(), rate: Type.Number() }));
export type CommissionRatesAnswer = Static<typeof CommissionRatesAnswer>;

export const CommissionRatesBody = Type.Object({
  rates: Type.Array(
    Type.Object({
      depth: Type.Integer({ minimum: 1, maximum: 3 }),
      /** A fraction of the stake, at most 10 % and 5 decimals (0.005 = 0.5 %). */
      rate: Type.Number({ minimum: 0, maximum: 0.1, multipleOf: 0.00001 }),
    }),
    { minItems: 1, maxItems: 3 },
  ),
});
export type CommissionRatesBody = Static<typeof CommissionRatesBody>;

export const CommissionRunBody = Type.Object({ day: Type.Optional(Type.String({ maxLength: 10 })) });
export type CommissionRunBody = Static<typeof CommissionRunBody>;

export const CommissionDayRecord = Type.Object({
  day: Type.String(),
  settledAt: Type.Integer(),
  /** What the day's commission cost the house. */
  paid: Type.Number(),
  refusedCount: Type.Integer(),
});
export type CommissionDayRecord = Static<typeof CommissionDayRecord>;
export const CommissionDaysAnswer = Type.Object({
  records: Type.Array(CommissionDayRecord),
  total: Type.Integer(),
});
export type CommissionDaysAnswer = Static<typeof CommissionDaysAnswer>;

export const CommissionRunAnswer = Type.Object({
  day: Type.String(),
  settled: Type.Boolean(),
  paid: Type.Number(),
});
export type CommissionRunAnswer = Static<typeof CommissionRunAnswer>;

export const RefusedCommissionRecord = Type.Object({
  day: Type.String(),
  earnerId: Type.Integer(),
  earner: Type.String(),
  inviteeId: Type.Integer(),
  invitee: Type.String(),
  depth: Type.Integer(),
  stake: Type.Number(),
  amount: Type.Number(),
  reason: Type.Union([Type.Literal('self'), Type.Literal('shared_device'), Type.Literal('shared_cpf')]),
});
export type RefusedCommissionRecord = Static<typeof RefusedCommissionRecord>;
export const RefusedCommissionsAnswer = Type.Object({
  records: Type.Array(RefusedCommissionRecord),
  total: Type.Integer(),
});
export type RefusedCommissionsAnswer = Static<typeof RefusedCommissionsAnswer>;

export const ReferralNode = Type.Object({
  uId: Type.Integer(),
  username: Type.String(),
  depth: Type.Integer(),
  inviterId: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.String(),
  testFlag: Type.Boolean(),
  commission: Type.Number(),
});
export type ReferralNode = Static<typeof ReferralNode>;
export const ReferralTreeAnswer = Type.Object({
  /** The player's inviters, nearest first (up to 3). */
  upline: Type.Array(ReferralNode),
  /** Invitees down to depth 3 (at most 500), with what each earned the player. */
  downline: Type.Array(ReferralNode),
  commissionTotal: Type.Number(),
  claimable: Type.Number(),
});
export type ReferralTreeAnswer = Static<typeof ReferralTreeAnswer>;
