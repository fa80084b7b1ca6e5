import { type Static, Type } from 'typebox';
import { IdParam } from './common.ts';

/** Bet builder (api-contract section 19, decision 0062): a same-game parlay of 2..12 legs priced together. */

export const BUILDER_LEGS_MIN = 2;
export const BUILDER_LEGS_MAX = 12;

export const BuilderQuoteBody = Type.Object({
  matchId: IdParam,
  // The 2..12 rule itself is a 409 from the service (the contract's sentence); this only bounds input.
  selections: Type.Array(Type.Object({ selectionId: IdParam }), { minItems: 1, maxItems: 50 }),
});
export type BuilderQuoteBody = Static<typeof BuilderQuoteBody>;

export const BuilderQuote = Type.Object({
  quoteId: Type.Integer(),
  odds: Type.Number(),
  expiresAt: Type.Integer(),
  legs: Type.Array(Type.Object({ selectionId: Type.Integer(), odds: Type.Number() })),
});
export type BuilderQuote = Static<typeof BuilderQuote>;

/**
 * Why a combination is not offered (`data.reason` of the 409 'current gameplay not available for purchase'):
 * contradictory legs, two picks of one market, a pick the builder does not take (a whole or quarter line), a sport
 * without a builder, too few or too many legs, a near-certain combination, a closed market, another match's pick.
 */
export type BuilderRefusalReason =
  | 'contradictory'
  | 'sameMarket'
  | 'leg'
  | 'sport'
  | 'count'
  | 'certain'
  | 'closed'
  | 'otherMatch';

export const AdminBuilderExposureQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});
export const AdminBuilderExposureRow = Type.Object({
  matchId: Type.Integer(),
  sport: Type.String(),
  home: Type.String(),
  away: Type.String(),
  startTime: Type.Integer(),
  period: Type.Integer(),
  openBets: Type.Integer(),
  stake: Type.Number(),
  potentialPayout: Type.Number(),
  matchExposure: Type.Number(),
});
export type AdminBuilderExposureRow = Static<typeof AdminBuilderExposureRow>;
export const AdminBuilderExposureAnswer = Type.Object({ records: Type.Array(AdminBuilderExposureRow) });
export type AdminBuilderExposureAnswer = Static<typeof AdminBuilderExposureAnswer>;
