import { sportCodes } from '@aposta/sports';
import { type Static, Type } from 'typebox';
import { IdParam, PageQuery, Text } from './common.ts';
import { AmountInput } from './wallet.ts';

/** The sportsbook (api-contract section 11): codes, player calls, operator calls and socket events. */

/** The sport codes: @aposta/sports's list, the one place they are written (issue 28). */
export const SportCode = Type.Union(sportCodes.map((code) => Type.Literal(code)));
export const MarketTypeCode = Type.Union(
  ['winAlone', 'handicap', 'total', 'oddEven', 'cornersTotal', 'cornersHandicap'].map((code) =>
    Type.Literal(code),
  ),
);
export const MarketPeriodCode = Type.Union([Type.Literal('full'), Type.Literal('firstHalf')]);
export const OutcomeCode = Type.Union(
  ['home', 'away', 'draw', 'over', 'under', 'odd', 'even'].map((code) => Type.Literal(code)),
);
export const MarketStatusCode = Type.Union([
  Type.Literal('open'),
  Type.Literal('suspended'),
  Type.Literal('closed'),
]);
export type MarketStatusCode = Static<typeof MarketStatusCode>;
/** spec.md section 3: 0 not open, 1 first half, 2 midfield, 3 second half, 4 overtime, 5 penalty, −1 finished, … */
/** spec.md section 3's match period codes, in the order a match goes through them. */
export const MATCH_PERIODS = [0, 1, 2, 3, 4, 5, -1, -10, -11, -12, -13, -14] as const;
export type MatchPeriod = (typeof MATCH_PERIODS)[number];
// Listed literal by literal: a mapped array would make its static type `never` (a body no client could build).
export const MatchPeriodValue = Type.Union([
  Type.Literal(0),
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(3),
  Type.Literal(4),
  Type.Literal(5),
  Type.Literal(-1),
  Type.Literal(-10),
  Type.Literal(-11),
  Type.Literal(-12),
  Type.Literal(-13),
  Type.Literal(-14),
]);
/** 0 open, 10 win, 11 lose half, 20 lose, 21 win half, 90 refund. */
export const BetResultValue = Type.Integer();

const Count = Type.Integer({ minimum: 0, maximum: 100_000 });
export const ScoreSchema = Type.Object({ home: Count, away: Count });
export type Score = Static<typeof ScoreSchema>;

/**
 * Second wave: the score in the sport's own units (`@aposta/sports` ScoreDetail). `segments` per half,
 * quarter, set/game, inning, innings, round or frame; `current` the 1-based one being played.
 */
export const ScoreDetailSchema = Type.Object({
  // half, quarter, set, game, inning, innings, round, frame or race.
  unit: Type.String(),
  current: Type.Integer(),
  segments: Type.Array(ScoreSchema),
  won: Type.Optional(ScoreSchema),
  bestOf: Type.Optional(Type.Integer()),
  minute: Type.Optional(Type.Integer()),
  inningHalf: Type.Optional(Type.Union([Type.Literal('top'), Type.Literal('bottom')])),
  wickets: Type.Optional(ScoreSchema),
  balls: Type.Optional(ScoreSchema),
  stoppage: Type.Optional(
    Type.Object({ side: Type.Union([Type.Literal('home'), Type.Literal('away')]), round: Type.Integer() }),
  ),
  // Racing: laps of the race (`current` is the lap), runner ids still racing leader first, and those out.
  laps: Type.Optional(Type.Integer()),
  order: Type.Optional(Type.Array(Type.String())),
  retired: Type.Optional(Type.Array(Type.String())),
});
export type ScoreDetailView = Static<typeof ScoreDetailSchema>;
const NullableScoreDetail = Type.Union([ScoreDetailSchema, Type.Null()]);

export const SelectionView = Type.Object({
  selectionId: Type.Integer(),
  outcome: Type.String(),
  odds: Type.Number(),
  // Odds boosts (api-contract section 19): a boosted selection carries its boosted price and the boost's id.
  boostedOdds: Type.Optional(Type.Number()),
  boostId: Type.Optional(Type.Integer()),
});
export type SelectionView = Static<typeof SelectionView>;
export const MarketView = Type.Object({
  marketId: Type.Integer(),
  type: Type.String(),
  period: Type.String(),
  line: Type.Union([Type.Number(), Type.Null()]),
  status: MarketStatusCode,
  selections: Type.Array(SelectionView),
});
export type MarketView = Static<typeof MarketView>;
export const MatchSummary = Type.Object({
  matchId: Type.Integer(),
  sport: Type.String(),
  league: Type.String(),
  home: Type.String(),
  away: Type.String(),
  startTime: Type.Integer(),
  period: Type.Integer(),
  score: ScoreSchema,
  scoreDetail: NullableScoreDetail,
  mainMarkets: Type.Array(MarketView),
  // Racing (api-contract section 11): an outright event with its runners; a selection's outcome is a runner id.
  kind: Type.Optional(Type.Literal('outright')),
  runners: Type.Optional(Type.Array(Type.Object({ id: Type.String(), name: Type.String() }))),
});
export type MatchSummary = Static<typeof MatchSummary>;
export const MatchDetail = Type.Object({
  ...MatchSummary.properties,
  halfTimeScore: Type.Union([ScoreSchema, Type.Null()]),
  corners: Type.Union([ScoreSchema, Type.Null()]),
  markets: Type.Array(MarketView),
});
export type MatchDetail = Static<typeof MatchDetail>;

export const SportCount = Type.Object({
  sport: Type.String(),
  live: Type.Integer(),
  upcoming: Type.Integer(),
});
export type SportCount = Static<typeof SportCount>;
export const SportsListAnswer = Type.Array(SportCount);
export type SportsListAnswer = Static<typeof SportsListAnswer>;
export const MatchesQuery = Type.Object({
  sport: Type.Optional(SportCode),
  live: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  ...PageQuery,
});
export const MatchesAnswer = Type.Object({ records: Type.Array(MatchSummary), total: Type.Integer() });
export type MatchesAnswer = Static<typeof MatchesAnswer>;
export const MatchParams = Type.Object({ matchId: IdParam });
export const MarketParams = Type.Object({ marketId: IdParam });

export const AcceptOdds = Type.Union([Type.Literal('none'), Type.Literal('better'), Type.Literal('any')]);
export type AcceptOdds = Static<typeof AcceptOdds>;
export const PlaceBetBody = Type.Object({
  amount: AmountInput,
  // The parlay limit itself is a 409 from the service ('The parlay has reached the limit'); this only bounds input.
  // Either `selections` (single, parlay) or `quoteId` (a bet builder quote, api-contract section 19).
  selections: Type.Optional(
    Type.Array(Type.Object({ selectionId: IdParam, odds: Type.Number({ minimum: 1, maximum: 1_000_000 }) }), {
      minItems: 1,
      maxItems: 50,
    }),
  ),
  quoteId: Type.Optional(IdParam),
  acceptOdds: Type.Optional(AcceptOdds),
});
export type PlaceBetBody = Static<typeof PlaceBetBody>;
export const PlaceBetAnswer = Type.Object({
  betId: Type.Integer(),
  type: Type.Union([Type.Literal('single'), Type.Literal('parlay'), Type.Literal('builder')]),
  odds: Type.Number(),
  potentialPayout: Type.Number(),
  result: Type.Integer(),
  balance: Type.Number(),
  freeBalance: Type.Number(),
});
export type PlaceBetAnswer = Static<typeof PlaceBetAnswer>;
/** The 409 for odds that moved against the player: `data.odds` lists the current odds of every selection. */
export const OddsChangedData = Type.Object({
  odds: Type.Array(Type.Object({ selectionId: Type.Integer(), odds: Type.Number() })),
});
export type OddsChangedData = Static<typeof OddsChangedData>;

export const BetsQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('settled')])),
  ...PageQuery,
});
export const BetLegView = Type.Object({
  matchId: Type.Integer(),
  sport: Type.String(),
  home: Type.String(),
  away: Type.String(),
  matchPeriod: Type.Integer(),
  score: ScoreSchema,
  scoreDetail: NullableScoreDetail,
  marketId: Type.Integer(),
  type: Type.String(),
  period: Type.String(),
  line: Type.Union([Type.Number(), Type.Null()]),
  outcome: Type.String(),
  // Ours (racing): the runner's name when `outcome` is a runner id.
  runner: Type.Optional(Type.String()),
  odds: Type.Number(),
  result: Type.Integer(),
  /** spec.md section 3's codes (bet-codes.ts): `resultCode` is `result`; `orderStatus` the second vocabulary. */
  resultCode: Type.Integer(),
  orderStatus: Type.Integer(),
  /**
   * Ours, handicap legs: the score when the bet was placed. An in-play handicap counts only what is scored after
   * it (packages/sports settlement), so the line reads against this score; 0–0 before kick-off.
   */
  placementScore: Type.Optional(ScoreSchema),
  /** Ours (issue 33): the leg was paid as won early (its side went ahead by the rule's lead). */
  earlyPaid: Type.Optional(Type.Boolean()),
  /** Ours (issue 33): the leg was taken at a boost; `normalOdds` is what it would have had without it. */
  boostId: Type.Optional(Type.Integer()),
  normalOdds: Type.Optional(Type.Number()),
});
export type BetLegView = Static<typeof BetLegView>;
export const BetView = Type.Object({
  betId: Type.Integer(),
  type: Type.String(),
  amount: Type.Number(),
  odds: Type.Number(),
  potentialPayout: Type.Number(),
  payout: Type.Number(),
  result: Type.Integer(),
  time: Type.Integer(),
  settledAt: Type.Union([Type.Integer(), Type.Null()]),
  cashedOut: Type.Number(),
  remainingStake: Type.Number(),
  /** What cash-out would pay for the whole remaining stake now; null when not offered. */
  cashoutValue: Type.Union([Type.Number(), Type.Null()]),
  /**
   * spec.md section 3's codes (bet-codes.ts): `resultCode` is `result`; `orderStatus` the second vocabulary, 9999
   * (drawn: closed with money paid) for a bet cashed out in full (decision 0030).
   */
  resultCode: Type.Integer(),
  orderStatus: Type.Integer(),
  /** api-contract section 19: paid early (result 10), whatever the final score. */
  earlyPaid: Type.Optional(Type.Boolean()),
  /** api-contract section 19: the auto cash-out amount set on the bet, null when none. */
  autoCashout: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  legs: Type.Array(BetLegView),
});
export type BetView = Static<typeof BetView>;
export const BetsAnswer = Type.Object({ records: Type.Array(BetView), total: Type.Integer() });
export type BetsAnswer = Static<typeof BetsAnswer>;

// Operator calls (api-contract section 8 token).
const NullableLine = Type.Unsafe<number | null>({
  type: ['number', 'null'],
  minimum: -1000,
  maximum: 10_000,
  multipleOf: 0.25,
});
export const AdminMarketInput = Type.Object({
  type: MarketTypeCode,
  period: Type.Optional(MarketPeriodCode),
  // One schema typed number-or-null: with type coercion on, a union would turn null into 0 (or 0 into null).
  line: Type.Optional(NullableLine),
  includesOvertime: Type.Optional(Type.Boolean()),
  selections: Type.Array(
    Type.Object({ outcome: OutcomeCode, odds: Type.Number({ minimum: 1.001, maximum: 1000 }) }),
    { minItems: 2, maxItems: 3 },
  ),
});
export const AdminCreateMatchBody = Type.Object({
  sport: SportCode,
  // Not empty: a null team arrives as "" (type coercion) and would be a match without a name.
  league: Text({ minLength: 1, maxLength: 100 }),
  home: Text({ minLength: 1, maxLength: 100 }),
  away: Text({ minLength: 1, maxLength: 100 }),
  // Epoch ms between 2000-01-01 and 2100-01-01: anything else is a typo (seconds for ms) or a probe.
  startTime: Type.Integer({ minimum: 946_684_800_000, maximum: 4_102_444_800_000 }),
  markets: Type.Array(AdminMarketInput, { maxItems: 200 }),
});
export const AdminMatchStateBody = Type.Object({
  period: MatchPeriodValue,
  score: ScoreSchema,
  halfTimeScore: Type.Optional(Type.Union([ScoreSchema, Type.Null()])),
  corners: Type.Optional(Type.Union([ScoreSchema, Type.Null()])),
  halfTimeCorners: Type.Optional(Type.Union([ScoreSchema, Type.Null()])),
  // Ours: the score after overtime (only markets that include overtime read it) and the official winner
  // where the score does not tell it (tennis, boxing, racing, ...; defaults to the score comparison).
  scoreAfterOvertime: Type.Optional(Type.Union([ScoreSchema, Type.Null()])),
  winner: Type.Optional(
    Type.Union([Type.Literal('home'), Type.Literal('away'), Type.Literal('draw'), Type.Null()]),
  ),
});
export const AdminMarketStatusBody = Type.Object({ status: MarketStatusCode });
export const AdminSettleAnswer = Type.Object({ settledBets: Type.Integer() });
/** Ours (issue 17): a player's stake factor, scaling the bet's maximum stake and payout (1 = the defaults). */
export const SportsPlayerParams = Type.Object({ userId: IdParam });
export const AdminStakeFactorBody = Type.Object({
  factor: Type.Number({ minimum: 0, maximum: 10, multipleOf: 0.01 }),
});
export const AdminStakeFactorAnswer = Type.Object({ userId: Type.Integer(), factor: Type.Number() });
export type AdminStakeFactorAnswer = Static<typeof AdminStakeFactorAnswer>;

// Cash-out (api-contract section 11, second wave).
export const BetParams = Type.Object({ betId: IdParam });
export const CashoutQuote = Type.Object({
  quoteId: Type.Integer(),
  amount: Type.Number(),
  fraction: Type.Number(),
  expiresAt: Type.Integer(),
});
export type CashoutQuote = Static<typeof CashoutQuote>;
export const CashoutBody = Type.Object({
  quoteId: IdParam,
  // 0 < fraction ≤ 1 with two decimals; the service refuses a third decimal in the caller's language.
  fraction: Type.Number({ exclusiveMinimum: 0, maximum: 1 }),
});
export type CashoutBody = Static<typeof CashoutBody>;
export const CashoutAnswer = Type.Object({
  paid: Type.Number(),
  remainingStake: Type.Number(),
  balance: Type.Number(),
  freeBalance: Type.Number(),
});
export type CashoutAnswer = Static<typeof CashoutAnswer>;

/** Socket events (api-contract section 11). `odds`: the changed markets of one match, batched. */
export const OddsEvent = Type.Object({ matchId: Type.Integer(), markets: Type.Array(MarketView) });
export type OddsEvent = Static<typeof OddsEvent>;
/** `matchState`: a match's period and score changed. */
export const MatchStateEvent = Type.Object({
  matchId: Type.Integer(),
  period: Type.Integer(),
  score: ScoreSchema,
  scoreDetail: Type.Optional(NullableScoreDetail),
});
export type MatchStateEvent = Static<typeof MatchStateEvent>;
/** `betSettled`, to the bettor only. */
export const BetSettledEvent = Type.Object({
  betId: Type.Integer(),
  result: Type.Integer(),
  payout: Type.Number(),
});
export type BetSettledEvent = Static<typeof BetSettledEvent>;
