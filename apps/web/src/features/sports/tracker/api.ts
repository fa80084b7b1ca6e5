import type { TrackerAnswer } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';
import { useToken } from '../../../lib/token';

// GET /api/app/sports/matches/{matchId}/tracker: the stats and timeline so far when the page opens; the socket's
// `matchEvent` then patches this query (tracker/realtime.ts). A guest has no socket, so it polls.
export const trackerQueryKey = (matchId: number) => ['sports', 'tracker', matchId] as const;
export const trackerGuestPollMs = 5_000;

export function useTracker(matchId: number, enabled: boolean) {
  const token = useToken((state) => state.token);
  return useQuery({
    queryKey: trackerQueryKey(matchId),
    queryFn: (): Promise<TrackerAnswer> =>
      playerApi('GET /api/app/sports/matches/:matchId/tracker', {
        params: { matchId },
        loading: false,
        silent: true,
      }),
    enabled,
    staleTime: 5_000,
    refetchInterval: token ? false : trackerGuestPollMs,
  });
}
