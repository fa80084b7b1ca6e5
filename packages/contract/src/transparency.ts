import { type Static, Type } from 'typebox';

/**
 * The player's transparency page (decision 0053): their own money and time per day, week, month or year (São
 * Paulo's calendar), the games they played with each one's RTP, their exclusion state and the operator's legal
 * identity. Money in reais, times in epoch milliseconds.
 */

export const TRANSPARENCY_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type TransparencyPeriod = (typeof TRANSPARENCY_PERIODS)[number];
const Period = Type.Union([
  Type.Literal('day'),
  Type.Literal('week'),
  Type.Literal('month'),
  Type.Literal('year'),
]);

export const TransparencyQuery = Type.Object({
  period: Type.Optional(Period),
});
export type TransparencyQuery = Static<typeof TransparencyQuery>;

export const TransparencyBucket = Type.Object({
  /** The period's first day (YYYY-MM-DD): a day, a Monday, the 1st of a month or 1 January. */
  start: Type.String(),
  deposits: Type.Number(),
  withdrawals: Type.Number(),
  stakes: Type.Number(),
  /** What the games paid back (payouts, refunds, cash-outs, less reversals). */
  returns: Type.Number(),
  /** returns - stakes: what the player won (positive) or lost (negative). */
  net: Type.Number(),
  /** Minutes of the period in which the player placed at least one stake. */
  playMinutes: Type.Integer(),
});
export type TransparencyBucket = Static<typeof TransparencyBucket>;

export const PlayedGame = Type.Object({
  /** 'originals' (our provably fair games), or the slot provider. */
  product: Type.String(),
  code: Type.String(),
  name: Type.String(),
  /** The theoretical return to player as a fraction (0.97 = 97 %), the lowest of its bets; null: unknown. */
  rtp: Type.Union([Type.Number(), Type.Null()]),
  rounds: Type.Integer(),
  /** Our own games: each bet can be recomputed on /verify from its revealed seeds. */
  verifiable: Type.Boolean(),
});
export type PlayedGame = Static<typeof PlayedGame>;

export const TransparencyAnswer = Type.Object({
  period: Period,
  timeZone: Type.String(),
  /** Newest first. */
  buckets: Type.Array(TransparencyBucket),
  games: Type.Array(PlayedGame),
  /** Winnings tax withheld in the period shown; 0 and `taxApplicable: false` while no withholding exists. */
  taxWithheld: Type.Number(),
  taxApplicable: Type.Boolean(),
  exclusion: Type.Object({
    active: Type.Boolean(),
    /** null: permanent (or none). */
    endsAt: Type.Union([Type.Integer(), Type.Null()]),
  }),
  selfExclusionUrl: Type.String(),
});
export type TransparencyAnswer = Static<typeof TransparencyAnswer>;

/** The operator's legal identity for the footer; `shown` is true under the Brazilian licence only. */
export const LegalInfo = Type.Object({
  shown: Type.Boolean(),
  companyName: Type.String(),
  cnpj: Type.String(),
  spaAuthorisation: Type.String(),
  customerServiceEmail: Type.String(),
  customerServicePhone: Type.String(),
  ombudsmanEmail: Type.String(),
  ombudsmanPhone: Type.String(),
  selfExclusionUrl: Type.String(),
});
export type LegalInfo = Static<typeof LegalInfo>;
