import { Type } from 'typebox';
import { IdParam, PageQuery, Text } from './common.ts';
import { AmountInput } from './wallet.ts';

/** The sportsbook (api-contract section 11): codes, player calls, operator calls and socket events. */

export const SportCode = Type.Union(
  [
    'football',
    'basketball',
    'tennis',
    'boxing',
    'snooker',
    'baseball',
    'volleyball',
    'badminton',
    'americanFootball',
    'tableTennis',
    'cricket',
    'racing',
  ].map((code) => Type.Literal(code)),
);
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
/** spec.md section 3: 0 not open, 1 first half, 2 midfield, 3 second half, 4 overtime, 5 penalty, −1 finished, … */
export const MatchPeriodValue = Type.Union(
  [0, 1, 2, 3, 4, 5, -1, -10, -11, -12, -13, -14].map((code) => Type.Literal(code)),
);
/** 0 open, 10 win, 11 lose half, 20 lose, 21 win half, 90 refund. */
export const BetResultValue = Type.Integer();

const Count = Type.Integer({ minimum: 0, maximum: 100_000 });
export const ScoreSchema = Type.Object({ home: Count, away: Count });

export const SelectionView = Type.Object({
  selectionId: Type.Integer(),
  outcome: Type.String(),
  odds: Type.Number(),
});
export const MarketView = Type.Object({
  marketId: Type.Integer(),
  type: Type.String(),
  period: Type.String(),
  line: Type.Union([Type.Number(), Type.Null()]),
  status: MarketStatusCode,
  selections: Type.Array(SelectionView),
});
export const MatchSummary = Type.Object({
  matchId: Type.Integer(),
  sport: Type.String(),
  league: Type.String(),
  home: Type.String(),
  away: Type.String(),
  startTime: Type.Integer(),
  period: Type.Integer(),
  score: ScoreSchema,
  mainMarkets: Type.Array(MarketView),
});
export const MatchDetail = Type.Object({
  ...MatchSummary.properties,
  halfTimeScore: Type.Union([ScoreSchema, Type.Null()]),
  corners: Type.Union([ScoreSchema, Type.Null()]),
  markets: Type.Array(MarketView),
});

export const SportsListAnswer = Type.Array(
  Type.Object({ sport: Type.String(), live: Type.Integer(), upcoming: Type.Integer() }),
);
export const MatchesQuery = Type.Object({
  sport: Type.Optional(SportCode),
  live: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  ...PageQuery,
});
export const MatchesAnswer = Type.Object({ records: Type.Array(MatchSummary), total: Type.Integer() });
export const MatchParams = Type.Object({ matchId: IdParam });
export const MarketParams = Type.Object({ marketId: IdParam });

export const AcceptOdds = Type.Union([Type.Literal('none'), Type.Literal('better'), Type.Literal('any')]);
export const PlaceBetBody = Type.Object({
  amount: AmountInput,
  // The parlay limit itself is a 409 from the service ('The parlay has reached the limit'); this only bounds input.
  selections: Type.Array(
    Type.Object({ selectionId: IdParam, odds: Type.Number({ minimum: 1, maximum: 1_000_000 }) }),
    { minItems: 1, maxItems: 50 },
  ),
  acceptOdds: Type.Optional(AcceptOdds),
});
export const PlaceBetAnswer = Type.Object({
  betId: Type.Integer(),
  type: Type.Union([Type.Literal('single'), Type.Literal('parlay')]),
  odds: Type.Number(),
  potentialPayout: Type.Number(),
  result: Type.Integer(),
  balance: Type.Number(),
  freeBalance: Type.Number(),
});
/** The 409 for odds that moved against the player: `data.odds` lists the current odds of every selection. */
export const OddsChangedData = Type.Object({
  odds: Type.Array(Type.Object({ selectionId: Type.Integer(), odds: Type.Number() })),
});

export const BetsQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('settled')])),
  ...PageQuery,
});
export const BetLegView = Type.Object({
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
  result: Type.Integer(),
});
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
  legs: Type.Array(BetLegView),
});
export const BetsAnswer = Type.Object({ records: Type.Array(BetView), total: Type.Integer() });

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

/** Socket events. */
export interface OddsEvent {
  matchId: number;
  markets: {
    marketId: number;
    status: 'open' | 'suspended' | 'closed';
    selections: { selectionId: number; odds: number }[];
  }[];
}
export interface MatchStateEvent {
  matchId: number;
  period: number;
  score: { home: number; away: number };
}
export interface BetSettledEvent {
  betId: number;
  result: number;
  payout: number;
}
