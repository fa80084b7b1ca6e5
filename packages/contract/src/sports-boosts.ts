import { type Static, Type } from 'typebox';
import { IdParam, PageQuery, Text } from './common.ts';
import { SportCode } from './sports.ts';
import { AmountInput } from './wallet.ts';

/** Odds boosts, early payout and auto cash-out (api-contract section 19, decision 0063). */

/** `POST /api/app/sports/bets/{betId}/autoCashout`: an amount, or null to clear. */
// One schema typed string-number-or-null: with type coercion on, a union would turn null into "" or 0.
export const AutoCashoutBody = Type.Object({
  amount: Type.Unsafe<string | number | null>({ type: ['string', 'number', 'null'], maxLength: 20 }),
});
export type AutoCashoutBody = Static<typeof AutoCashoutBody>;
export const AutoCashoutAnswer = Type.Object({
  betId: Type.Integer(),
  /** The amount now set (null: none, or it sold at once). */
  autoCashout: Type.Union([Type.Number(), Type.Null()]),
  /** Paid at once when the value already reached the amount. */
  paid: Type.Union([Type.Number(), Type.Null()]),
});
export type AutoCashoutAnswer = Static<typeof AutoCashoutAnswer>;

export const AdminBoostBody = Type.Object({
  selectionId: IdParam,
  boostedOdds: Type.Number({ minimum: 1.01, maximum: 1000, multipleOf: 0.001 }),
  /** The most one player may stake on the boost in all (reais). */
  stakeCap: AmountInput,
  /** The most the boost may add to the house's liability over the normal odds (reais). */
  liabilityCap: AmountInput,
});
export type AdminBoostBody = Static<typeof AdminBoostBody>;
export const BoostParams = Type.Object({ boostId: IdParam });
export const AdminBoostsQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('ended')])),
  ...PageQuery,
});
export const AdminBoostView = Type.Object({
  boostId: Type.Integer(),
  selectionId: Type.Integer(),
  matchId: Type.Integer(),
  sport: Type.String(),
  home: Type.String(),
  away: Type.String(),
  marketId: Type.Integer(),
  type: Type.String(),
  period: Type.String(),
  line: Type.Union([Type.Number(), Type.Null()]),
  outcome: Type.String(),
  odds: Type.Number(),
  boostedOdds: Type.Number(),
  stakeCap: Type.Number(),
  liabilityCap: Type.Number(),
  liabilityUsed: Type.Number(),
  bets: Type.Integer(),
  stakes: Type.Number(),
  /** Paid over the normal odds on the boost's won bets so far. */
  cost: Type.Number(),
  status: Type.Union([Type.Literal('active'), Type.Literal('ended')]),
  createdBy: Type.String(),
  createdAt: Type.Integer(),
  endedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type AdminBoostView = Static<typeof AdminBoostView>;
export const AdminBoostsAnswer = Type.Object({ records: Type.Array(AdminBoostView), total: Type.Integer() });
export type AdminBoostsAnswer = Static<typeof AdminBoostsAnswer>;

export const EarlyPayoutRule = Type.Object({
  ruleId: Type.Integer(),
  sport: Type.String(),
  /** null: the sport's rule; a league's own rule wins over it. */
  league: Type.Union([Type.String(), Type.Null()]),
  /** The lead (goals, points…) at which a 1X2 pick is paid as won. */
  lead: Type.Integer(),
  enabled: Type.Boolean(),
  updatedAt: Type.Integer(),
});
export type EarlyPayoutRule = Static<typeof EarlyPayoutRule>;
export const EarlyPayoutRulesAnswer = Type.Array(EarlyPayoutRule);
export type EarlyPayoutRulesAnswer = Static<typeof EarlyPayoutRulesAnswer>;
export const EarlyPayoutRuleBody = Type.Object({
  sport: SportCode,
  league: Type.Union([Text({ minLength: 1, maxLength: 100 }), Type.Null()]),
  lead: Type.Integer({ minimum: 1, maximum: 100 }),
  enabled: Type.Boolean(),
});
export type EarlyPayoutRuleBody = Static<typeof EarlyPayoutRuleBody>;
