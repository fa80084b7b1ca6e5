import { type Static, Type } from 'typebox';
import { IdParam, ShortText } from './common.ts';

/**
 * Tournaments and missions (ours, issue 34, decision 0067). Money in reais, times in epoch milliseconds. A
 * tournament ranks players by the in-house games' settled bets of its period: the sum of their stakes (`stake`) or
 * the best multiplier a bet of at least `minStake` won (`multiplier`, in hundredths: 250 = 2.50×). Under
 * br-licensed no prize or reward is offered (decision 0067).
 */

export const TOURNAMENT_GAMES = [
  'dice',
  'limbo',
  'mines',
  'crash',
  'double',
  'rowDouble',
  'luckyColor',
] as const;
const TournamentGame = Type.Union([
  Type.Literal('dice'),
  Type.Literal('limbo'),
  Type.Literal('mines'),
  Type.Literal('crash'),
  Type.Literal('double'),
  Type.Literal('rowDouble'),
  Type.Literal('luckyColor'),
]);
const Scoring = Type.Union([Type.Literal('stake'), Type.Literal('multiplier')]);

export const TournamentIdParams = Type.Object({ id: IdParam });
export type TournamentIdParams = Static<typeof TournamentIdParams>;

export const LeaderboardRow = Type.Object({
  rank: Type.Integer(),
  /** The player's name, masked ("jo***"). */
  user: Type.String(),
  /** Reais staked (`stake`) or the best multiplier in hundredths (`multiplier`). */
  score: Type.Number(),
  prize: Type.Number(),
  me: Type.Boolean(),
});
export type LeaderboardRow = Static<typeof LeaderboardRow>;

export const Tournament = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  games: Type.Array(Type.String()),
  scoring: Scoring,
  minStake: Type.Number(),
  startsAt: Type.Number(),
  endsAt: Type.Number(),
  /** The prize of each rank, first place first. */
  prizes: Type.Array(Type.Number()),
  status: Type.Union([
    Type.Literal('upcoming'),
    Type.Literal('live'),
    Type.Literal('ended'),
    Type.Literal('paid'),
  ]),
  players: Type.Integer(),
});
export type Tournament = Static<typeof Tournament>;

export const TournamentsAnswer = Type.Object({ tournaments: Type.Array(Tournament) });
export type TournamentsAnswer = Static<typeof TournamentsAnswer>;

export const TournamentBoard = Type.Object({
  tournament: Tournament,
  /** The first places (up to 20). */
  leaders: Type.Array(LeaderboardRow),
  /** The caller's own row when signed in and ranked (also when outside the first places). */
  mine: Type.Union([LeaderboardRow, Type.Null()]),
});
export type TournamentBoard = Static<typeof TournamentBoard>;

export const Mission = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  game: Type.String(),
  /** Hundredths: a bet counts when it paid at least this multiple of its stake (200 = 2.00×). */
  minMultiplier: Type.Integer(),
  minStake: Type.Number(),
  target: Type.Integer(),
  reward: Type.Number(),
  startsAt: Type.Number(),
  endsAt: Type.Number(),
  /** The caller's counted bets (0 for a guest), at most the target. */
  progress: Type.Integer(),
  claimed: Type.Boolean(),
});
export type Mission = Static<typeof Mission>;

export const MissionsAnswer = Type.Object({ missions: Type.Array(Mission) });
export type MissionsAnswer = Static<typeof MissionsAnswer>;

export const MissionClaimAnswer = Type.Object({
  reward: Type.Number(),
  balance: Type.Number(),
  freeBalance: Type.Number(),
});
export type MissionClaimAnswer = Static<typeof MissionClaimAnswer>;

const Reais = Type.Union([Type.String({ maxLength: 20 }), Type.Number()]);
const Moment = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 });

export const TournamentCreateBody = Type.Object({
  name: ShortText(80),
  games: Type.Array(TournamentGame, { minItems: 1, maxItems: 10 }),
  scoring: Scoring,
  minStake: Type.Optional(Reais),
  startsAt: Moment,
  endsAt: Moment,
  prizes: Type.Array(Reais, { maxItems: 100 }),
});
export type TournamentCreateBody = Static<typeof TournamentCreateBody>;

export const MissionCreateBody = Type.Object({
  name: ShortText(80),
  game: TournamentGame,
  minMultiplier: Type.Integer({ minimum: 100, maximum: 1_000_000 }),
  minStake: Type.Optional(Reais),
  target: Type.Integer({ minimum: 1, maximum: 10_000 }),
  reward: Reais,
  startsAt: Moment,
  endsAt: Moment,
});
export type MissionCreateBody = Static<typeof MissionCreateBody>;

export const AdminTournament = Type.Intersect([
  Tournament,
  Type.Object({
    createdBy: Type.String(),
    paidAt: Type.Union([Type.Number(), Type.Null()]),
    /** What was paid, the sum of the prize table's paid ranks. */
    paid: Type.Number(),
  }),
]);
export type AdminTournament = Static<typeof AdminTournament>;

export const AdminTournamentsAnswer = Type.Object({
  tournaments: Type.Array(AdminTournament),
  missions: Type.Array(
    Type.Intersect([
      Mission,
      Type.Object({ createdBy: Type.String(), claims: Type.Integer(), paid: Type.Number() }),
    ]),
  ),
  /** Whether prizes and rewards may be offered under the regulatory profile (decision 0067). */
  prizesAllowed: Type.Boolean(),
});
export type AdminTournamentsAnswer = Static<typeof AdminTournamentsAnswer>;

export const TournamentPayAnswer = Type.Object({
  /** The ranks paid by this call (0 when another run paid them first). */
  paidNow: Type.Integer(),
  board: Type.Array(LeaderboardRow),
});
export type TournamentPayAnswer = Static<typeof TournamentPayAnswer>;
