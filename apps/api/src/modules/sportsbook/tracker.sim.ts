import type { TrackerKind } from '@aposta/contract';
import { createRng, type FootballModel, type Rng, type Side, type SimulatedMatch } from '@aposta/sports';
import type { FeedMatchEvent, FeedTrackerUpdate } from './tracker.types.ts';

/**
 * The simulated feed's match events for the tracker (decision 0064), football only. Goals and corners are the
 * simulation's own (so the tracker never disagrees with the score); before each, a dangerous attack by the same
 * side. Shots off target, other dangerous attacks and cards are drawn from the match's seed with rates that grow
 * with the side's expected goals, so every process draws the same ones. Possession leans to the stronger side
 * and drifts with the clock.
 */

const HALF = 2700;
const BREAK = 900;

/** Clock second (half-time break included) to the minute a football fan reads: 1..45, then 46..90. */
export function footballMinute(atSecond: number): number {
  if (atSecond < HALF) return Math.min(45, Math.floor(atSecond / 60) + 1);
  return Math.min(90, Math.max(46, Math.floor((atSecond - BREAK) / 60) + 1));
}

export interface TimedEvent extends FeedMatchEvent {
  atSecond: number;
}

function poisson(rng: Rng, mean: number): number {
  const limit = Math.exp(-mean);
  let count = 0;
  for (let product = rng(); product > limit; product *= rng()) count++;
  return count;
}

const halfStart = (half: 0 | 1) => (half === 0 ? 0 : HALF + BREAK);
const secondIn = (rng: Rng, half: 0 | 1) => halfStart(half) + 1 + Math.floor(rng() * (HALF - 2));

function event(atSecond: number, kind: TrackerKind, side: Side, index: number, detail?: 'yellow' | 'red') {
  const at = Math.max(0, atSecond);
  const timed: TimedEvent = {
    key: `${kind}:${side}:${at}:${index}`,
    atSecond: at,
    minute: footballMinute(at),
    kind,
    side,
  };
  if (detail) timed.detail = detail;
  return timed;
}

/** Drawn events: shots off target, loose dangerous attacks and cards, per side and half. */
function drawnEvents(model: FootballModel, seed: number): TimedEvent[] {
  const rng = createRng((seed ^ 0x7a3c_91e5) >>> 0);
  const drawn: TimedEvent[] = [];
  for (const half of [0, 1] as const) {
    for (const side of ['home', 'away'] as const) {
      const goals = side === 'home' ? model.homeGoalsExpected : model.awayGoalsExpected;
      for (let i = poisson(rng, 2 + 2.5 * goals); i > 0; i--)
        drawn.push(event(secondIn(rng, half), 'shot', side, drawn.length));
      for (let i = poisson(rng, 9 + 4 * goals); i > 0; i--)
        drawn.push(event(secondIn(rng, half), 'danger', side, drawn.length));
      for (let i = poisson(rng, 0.9); i > 0; i--)
        drawn.push(event(secondIn(rng, half), 'card', side, drawn.length, rng() < 0.06 ? 'red' : 'yellow'));
    }
  }
  return drawn;
}

/** The whole match's tracker events, by time. */
export function footballTrackerEvents(
  timeline: SimulatedMatch,
  model: FootballModel,
  seed: number,
): TimedEvent[] {
  const events = drawnEvents(model, seed);
  timeline.events.forEach((item, index) => {
    if (item.kind === 'score') {
      events.push(event(item.atSecond - 25, 'danger', item.side, 1000 + index));
      events.push(event(item.atSecond, 'goal', item.side, 1000 + index));
    } else if (item.kind === 'corner') {
      events.push(event(item.atSecond - 12, 'danger', item.side, 1000 + index));
      events.push(event(item.atSecond, 'corner', item.side, 1000 + index));
    }
  });
  return events.sort((a, b) => a.atSecond - b.atSecond || a.key.localeCompare(b.key));
}

/** Home's share of the ball (percent) at a clock second. */
export function possessionAt(model: FootballModel, seed: number, clock: number): number {
  const strength =
    (model.homeGoalsExpected - model.awayGoalsExpected) / (model.homeGoalsExpected + model.awayGoalsExpected);
  const drift = 4 * Math.sin(clock / 900 + (seed % 7));
  return Math.round(Math.min(70, Math.max(30, 50 + 14 * strength + drift)));
}

/**
 * Per feed process: each match's events once, and the clock last reported, so a poll hands over only what
 * happened since. A fresh process reports everything so far once; the stored events' keys make that a no-op.
 */
export function simTracker() {
  const matches = new Map<bigint, { events: TimedEvent[]; reportedTo: number }>();
  return {
    update(
      id: bigint,
      timeline: SimulatedMatch,
      model: FootballModel,
      seed: number,
      clock: number,
    ): FeedTrackerUpdate {
      let known = matches.get(id);
      if (!known) {
        known = { events: footballTrackerEvents(timeline, model, seed), reportedTo: -1 };
        matches.set(id, known);
      }
      const end = Math.min(clock, timeline.durationSeconds);
      const from = known.reportedTo;
      known.reportedTo = Math.max(from, end);
      const events = known.events
        .filter((item) => item.atSecond > from && item.atSecond <= end)
        .map(({ atSecond: _at, ...item }) => item);
      return { events, possessionHome: clock >= 0 ? possessionAt(model, seed, end) : undefined };
    },
    /** Forgets matches that are no longer running. */
    keep(running: ReadonlySet<bigint>): void {
      for (const id of matches.keys()) if (!running.has(id)) matches.delete(id);
    },
  };
}

export type SimTracker = ReturnType<typeof simTracker>;
