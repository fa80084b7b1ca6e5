import type { Score, SportCode } from './vocabulary.ts';

/**
 * How each sport is played, in its own words: what a match is divided into and how many of them there are.
 * The spec's period codes (1 first half, 2 break, 3 second half, 4 overtime, −1 finished) stay what the
 * contract says; `ScoreDetail` is the sport's own account on top of them (api-contract section 11
 * `scoreDetail`).
 */
export type SegmentUnit =
  | 'half'
  | 'quarter'
  | 'set'
  | 'game'
  | 'inning'
  | 'innings'
  | 'round'
  | 'frame'
  | 'race';

export interface SportStructure {
  readonly unit: SegmentUnit;
  /** Segments of a full match: halves, quarters, innings, scheduled rounds; for best-of formats, the most. */
  readonly segments: number;
  /** Best-of formats (sets, games, frames): segments needed to win = ⌈segments / 2⌉. */
  readonly bestOf: boolean;
}

export const sportStructure: Readonly<Record<SportCode, SportStructure>> = {
  football: { unit: 'half', segments: 2, bestOf: false },
  basketball: { unit: 'quarter', segments: 4, bestOf: false },
  americanFootball: { unit: 'quarter', segments: 4, bestOf: false },
  baseball: { unit: 'inning', segments: 9, bestOf: false },
  // T20: each side bats one innings of at most 20 overs.
  cricket: { unit: 'innings', segments: 2, bestOf: false },
  tennis: { unit: 'set', segments: 3, bestOf: true },
  volleyball: { unit: 'set', segments: 5, bestOf: true },
  // Badminton and table tennis call their sets "games".
  badminton: { unit: 'game', segments: 3, bestOf: true },
  tableTennis: { unit: 'game', segments: 5, bestOf: true },
  snooker: { unit: 'frame', segments: 9, bestOf: true },
  boxing: { unit: 'round', segments: 12, bestOf: false },
  racing: { unit: 'race', segments: 1, bestOf: false },
};

/**
 * A match's score in the sport's own units. `segments[i]` is what each side made in segment i (goals per
 * half, points per quarter, games per set, points per set/game, runs per inning, points per frame); overtime
 * or extra innings are further segments. `current` is the 1-based segment being played (the last one once
 * finished, 0 before the start).
 */
export interface ScoreDetail {
  readonly unit: SegmentUnit;
  readonly current: number;
  readonly segments: readonly Score[];
  /** Best-of formats: sets, games or frames won so far. */
  readonly won?: Score;
  /** Best-of formats: the format (3, 5, 9, …); boxing: the rounds scheduled. */
  readonly bestOf?: number;
  /** Timed sports: the match clock, in whole minutes. */
  readonly minute?: number;
  /** Baseball: who is batting in the current inning (the visitors bat in the top). */
  readonly inningHalf?: 'top' | 'bottom';
  /** Cricket: wickets lost and legal balls faced by each side (overs = balls / 6). */
  readonly wickets?: Score;
  readonly balls?: Score;
  /** Boxing: a fight ended inside the distance (KO/TKO) by this side in this round. */
  readonly stoppage?: { readonly side: 'home' | 'away'; readonly round: number };
  /** Racing: the race's laps (`current` is the lap the leader is on), runners racing leader first, and out. */
  readonly laps?: number;
  readonly order?: readonly string[];
  readonly retired?: readonly string[];
}

/** Cricket overs as written: 87 balls → "14.3". */
export function oversText(balls: number): string {
  return `${Math.floor(balls / 6)}.${balls % 6}`;
}

/** Which side won a finished segment of a best-of format (null for a level tally). */
export function segmentWinner(tally: Score): 'home' | 'away' | null {
  return tally.home > tally.away ? 'home' : tally.home < tally.away ? 'away' : null;
}
