import type { TrackerAnswer } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';
import { queryClient } from '../../../lib/query-client';
import { useToken } from '../../../lib/token';
import { withHeldEvents } from './held-events';

// GET /api/app/sports/matches/{matchId}/tracker: the stats and timeline so far when the page opens; the socket's
// `matchEvent` then patches this query (tracker/realtime.ts). A guest has no socket, so it polls.
export const trackerQueryScope = ['sports', 'tracker'] as const;
export const trackerQueryKey = (matchId: number) => [...trackerQueryScope, matchId] as const;
export const trackerGuestPollMs = 5_000;

/** The tracker as read, with the events pushed while it was read that it does not have (decision 0064). */
async function fetchTracker(matchId: number): Promise<TrackerAnswer> {
  const answer = await playerApi('GET /api/app/sports/matches/:matchId/tracker', {
    params: { matchId },
    loading: false,
    silent: true,
  });
  const { tracker, gap } = withHeldEvents(answer);
  // An event is missing between the answer and what was pushed since: read again once this answer is in.
  if (gap)
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: trackerQueryKey(matchId), exact: true }));
  return tracker;
}

export function useTracker(matchId: number, enabled: boolean) {
  const token = useToken((state) => state.token);
  return useQuery({
    queryKey: trackerQueryKey(matchId),
    queryFn: () => fetchTracker(matchId),
    enabled,
    staleTime: 5_000,
    refetchInterval: token ? false : trackerGuestPollMs,
  });
}
