import type { TrackerAnswer } from '@aposta/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { trackerQueryKey, trackerQueryScope } from './api';
import { withHeldEvents } from './held-events';
import { trackerEventHandlers } from './realtime';

const pair = (home = 0, away = 0) => ({ home, away });
const tracker = (matchId: number, seq: number): TrackerAnswer => ({
  seq,
  matchId,
  sport: 'football',
  period: 1,
  score: pair(),
  stats: {
    shots: pair(),
    dangerousAttacks: pair(),
    corners: pair(),
    yellowCards: pair(),
    redCards: pair(),
    possession: null,
  },
  timeline: [],
  last: null,
});
const goal = (matchId: number, seq: number) => ({ matchId, minute: 20, kind: 'goal', side: 'home', seq });

afterEach(() => {
  vi.restoreAllMocks();
  queryClient.clear();
});

describe('the tracker socket events', () => {
  it('folds a goal once, even when the same push is delivered again', () => {
    queryClient.setQueryData(trackerQueryKey(21), tracker(21, 4));
    trackerEventHandlers.matchEvent(goal(21, 5));
    trackerEventHandlers.matchEvent(goal(21, 5));
    const data = queryClient.getQueryData<TrackerAnswer>(trackerQueryKey(21))!;
    expect(data.score).toEqual(pair(1, 0));
    expect(data.timeline).toHaveLength(1);
    expect(data.seq).toBe(5);
  });

  it('reads the tracker again when a number is missing, and on every socket (re)connection', () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    queryClient.setQueryData(trackerQueryKey(22), tracker(22, 4));
    trackerEventHandlers.matchEvent(goal(22, 6));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: trackerQueryKey(22), exact: true });
    expect(queryClient.getQueryData<TrackerAnswer>(trackerQueryKey(22))!.score).toEqual(pair());
    trackerEventHandlers.connect();
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: trackerQueryScope });
  });

  it('a goal pushed while the page fetches the tracker shows when the answer comes, though it was read before', async () => {
    let answer: (value: TrackerAnswer) => void = () => {};
    const fetching = queryClient.fetchQuery({
      queryKey: trackerQueryKey(23),
      queryFn: () =>
        new Promise<TrackerAnswer>((resolve) => (answer = resolve)).then(
          (read) => withHeldEvents(read).tracker,
        ),
    });
    trackerEventHandlers.matchEvent(goal(23, 1));
    // The fetch read the database before the goal was stored.
    answer(tracker(23, 0));
    expect((await fetching).score).toEqual(pair(1, 0));
    expect(queryClient.getQueryData<TrackerAnswer>(trackerQueryKey(23))!.timeline).toHaveLength(1);
  });
});
