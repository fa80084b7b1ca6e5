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
