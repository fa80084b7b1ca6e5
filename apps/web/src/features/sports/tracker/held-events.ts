import type { MatchEventPayload, TrackerAnswer } from '@aposta/contract';
import { foldMatchEvents } from './tracker-logic';

// Pushed tracker events that arrived while their match's tracker was being fetched: the fetch may have read the
// database before they were stored, so they wait for its answer, which folds in the ones it did not read.

type Event = Omit<MatchEventPayload, 'matchId'>;

/** A bound per match, so a tracker that never loads cannot grow the list for ever. */
const HELD_MAX = 200;
const held = new Map<number, Event[]>();

export function holdEvent(matchId: number, event: Event): void {
  const list = held.get(matchId) ?? [];
  list.push(event);
  if (list.length > HELD_MAX) list.shift();
  held.set(matchId, list);
}

/**
 * The fetched tracker with the held events it did not read; those it read are dropped. `gap`: one is missing
 * between what it read and what was held (the caller fetches again).
 */
export function withHeldEvents(answer: TrackerAnswer): { tracker: TrackerAnswer; gap: boolean } {
  const list = held.get(answer.matchId);
  if (!list) return { tracker: answer, gap: false };
  const folded = foldMatchEvents(answer, list);
  const left = list.filter((event) => event.seq !== undefined && event.seq > folded.tracker.seq);
  if (left.length === 0) held.delete(answer.matchId);
  else held.set(answer.matchId, left);
  return folded;
}
