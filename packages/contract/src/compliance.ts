import { type Static, Type } from 'typebox';
import { PageQuery } from './common.ts';

/**
 * The SIGAP list checks in the back office (issue 30, decision 0051): every question asked of the government's
 * lists and its answer, and a player's standing (found on a list: the restriction's clock and the refund).
 */
export const ComplianceList = Type.Union([Type.Literal('social_programs'), Type.Literal('self_exclusion')]);
export const ComplianceOutcome = Type.Union([
  Type.Literal('clear'),
  Type.Literal('listed'),
  Type.Literal('failed'),
  Type.Literal('late'),
]);
export const ComplianceReason = Type.Union([
  Type.Literal('registration'),
  Type.Literal('daily_login'),
  Type.Literal('periodic'),
  Type.Literal('operator'),
]);

export const ComplianceChecksQuery = Type.Object({
  outcome: Type.Optional(ComplianceOutcome),
  list: Type.Optional(ComplianceList),
  uId: Type.Optional(Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 })),
  ...PageQuery,
});
export type ComplianceChecksQuery = Static<typeof ComplianceChecksQuery>;

export const ComplianceCheck = Type.Object({
  id: Type.String(),
  uId: Type.Union([Type.Number(), Type.Null()]),
  username: Type.Union([Type.String(), Type.Null()]),
  list: ComplianceList,
  reason: ComplianceReason,
  outcome: ComplianceOutcome,
  attempts: Type.Number(),
  /** Epoch milliseconds. */
  requestedAt: Type.Number(),
  answeredAt: Type.Union([Type.Number(), Type.Null()]),
  request: Type.Unknown(),
  answer: Type.Unknown(),
});
export type ComplianceCheck = Static<typeof ComplianceCheck>;
export const ComplianceChecksAnswer = Type.Object({
  records: Type.Array(ComplianceCheck),
  total: Type.Number(),
});
export type ComplianceChecksAnswer = Static<typeof ComplianceChecksAnswer>;

/** A player's standing; times in epoch milliseconds, the refund in reais (2 decimals). */
export const CompliancePlayerStatus = Type.Object({
  uId: Type.Number(),
  lastAnsweredAt: Type.Union([Type.Number(), Type.Null()]),
  dailyCheckedOn: Type.Union([Type.String(), Type.Null()]),
  listedList: Type.Union([ComplianceList, Type.Null()]),
  listedAt: Type.Union([Type.Number(), Type.Null()]),
  notifiedAt: Type.Union([Type.Number(), Type.Null()]),
  withdrawUntil: Type.Union([Type.Number(), Type.Null()]),
  closeBy: Type.Union([Type.Number(), Type.Null()]),
  refundDueAt: Type.Union([Type.Number(), Type.Null()]),
  refundAmount: Type.Union([Type.Number(), Type.Null()]),
  refundedAt: Type.Union([Type.Number(), Type.Null()]),
  refundOrderId: Type.Union([Type.String(), Type.Null()]),
  /** The refund's withdrawal order status ('00' open, '10' paid, '01' failed), when there is one. */
  refundOrderStatus: Type.Union([Type.String(), Type.Null()]),
  /** Open sports bets bought back at their stake when the account was closed (counted in refundAmount). */
  openBetsRefunded: Type.Number(),
  openBetsRefundAmount: Type.Number(),
  /** The balance moved to what is owed to the public fund, 180 days after the refund was due and not made. */
  unclaimedAt: Type.Union([Type.Number(), Type.Null()]),
  unclaimedAmount: Type.Union([Type.Number(), Type.Null()]),
});
export type CompliancePlayerStatus = Static<typeof CompliancePlayerStatus>;

/** The operator records the refund paid (the withdrawal order that paid it, when there is one). */
export const ComplianceRefundBody = Type.Object({
  orderId: Type.Optional(Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 })),
});
export type ComplianceRefundBody = Static<typeof ComplianceRefundBody>;

/** The operator's task list: players found on a list, the refund's clock first (unpaid, earliest deadline first). */
export const ComplianceRestrictedQuery = Type.Object({ ...PageQuery });
export type ComplianceRestrictedQuery = Static<typeof ComplianceRestrictedQuery>;
export const ComplianceRestricted = Type.Object({
  ...CompliancePlayerStatus.properties,
  username: Type.String(),
});
export type ComplianceRestricted = Static<typeof ComplianceRestricted>;
export const ComplianceRestrictedAnswer = Type.Object({
  records: Type.Array(ComplianceRestricted),
  total: Type.Number(),
});
export type ComplianceRestrictedAnswer = Static<typeof ComplianceRestrictedAnswer>;
