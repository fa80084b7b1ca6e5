import { type Static, Type } from 'typebox';
import { IdParam } from './common.ts';
import { MarketPeriodCode, ScoreSchema } from './sports.ts';

/** Sports players share (api-contract section 19): shared slips and the live match tracker. */

/** The slip code alphabet: digits and capitals without 0/O, 1/I/L (read aloud or copied by hand safely). */
export const SLIP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const SLIP_CODE_LENGTH = 8;
export const SLIP_LEGS_MAX = 20;

/** Either the slip's selections or one of the caller's bets. */
export const SlipCreateBody = Type.Union([
  Type.Object({
    selections: Type.Array(Type.Object({ selectionId: IdParam }), { minItems: 1, maxItems: SLIP_LEGS_MAX }),
  }),
  Type.Object({ betId: IdParam }),
]);
export type SlipCreateBody = Static<typeof SlipCreateBody>;
export const SlipCreated = Type.Object({ code: Type.String(), url: Type.String() });
export type SlipCreated = Static<typeof SlipCreated>;
export const SlipParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 32 }) });

/** A shared selection's state now: `suspended` for a while, `settled` once its market is closed. */
export const SharedSelectionStatus = Type.Union([
  Type.Literal('open'),
  Type.Literal('suspended'),
  Type.Literal('settled'),
]);
export type SharedSelectionStatus = Static<typeof SharedSelectionStatus>;
export const SharedSelection = Type.Object({
  selectionId: Type.Integer(),
  matchId: Type.Integer(),
  marketId: Type.Integer(),
  sport: Type.String(),
  home: Type.String(),
  away: Type.String(),
  type: Type.String(),
  period: MarketPeriodCode,
  line: Type.Union([Type.Number(), Type.Null()]),
  outcome: Type.String(),
  odds: Type.Number(),
  status: SharedSelectionStatus,
  /** The match's period code (spec.md section 3), so a client can tell live from upcoming. */
  matchPeriod: Type.Integer(),
});
export type SharedSelection = Static<typeof SharedSelection>;
export const SlipAnswer = Type.Object({ selections: Type.Array(SharedSelection) });
export type SlipAnswer = Static<typeof SlipAnswer>;

/** What the tracker shows; football's own kinds (other sports show their score detail). */
export const TrackerKind = Type.Union([
  Type.Literal('goal'),
  Type.Literal('card'),
  Type.Literal('corner'),
  Type.Literal('danger'),
  Type.Literal('shot'),
]);
export type TrackerKind = Static<typeof TrackerKind>;
export const TrackerSide = Type.Union([Type.Literal('home'), Type.Literal('away'), Type.Null()]);
/**
 * Socket `matchEvent` (api-contract section 19); `detail` is a card's colour. Ours: `seq`, the event's number in
 * its match (1 for the first), which continues the tracker answer's `seq` (decision 0064).
 */
export const MatchEventPayload = Type.Object({
  matchId: Type.Integer(),
  minute: Type.Integer(),
  kind: TrackerKind,
  side: TrackerSide,
  detail: Type.Optional(Type.Union([Type.Literal('yellow'), Type.Literal('red')])),
  seq: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type MatchEventPayload = Static<typeof MatchEventPayload>;

const PairSchema = ScoreSchema;
export const TrackerStats = Type.Object({
  shots: PairSchema,
  dangerousAttacks: PairSchema,
  corners: PairSchema,
  yellowCards: PairSchema,
  redCards: PairSchema,
  /** Percent of the ball, home + away = 100; null before the feed reports it. */
  possession: Type.Union([PairSchema, Type.Null()]),
});
export type TrackerStats = Static<typeof TrackerStats>;
export const TrackerAnswer = Type.Object({
  /** Ours: how many events the match has had; the next push is `seq + 1` (decision 0064). */
  seq: Type.Integer({ minimum: 0 }),
  matchId: Type.Integer(),
  sport: Type.String(),
  period: Type.Integer(),
  score: ScoreSchema,
  stats: TrackerStats,
  /** Goals, cards and corners, oldest first. */
  timeline: Type.Array(Type.Omit(MatchEventPayload, ['matchId', 'seq'])),
  /** The latest event of any kind (where the ball is), or null. */
  last: Type.Union([Type.Omit(MatchEventPayload, ['matchId', 'seq']), Type.Null()]),
});
export type TrackerAnswer = Static<typeof TrackerAnswer>;
