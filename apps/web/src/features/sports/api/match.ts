import type { MatchDetail } from '@aposta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';
import { useToken } from '../../../lib/token';
import { matchQueryKey } from './keys';

// GET /api/app/sports/matches/{matchId}: the match with every market. A logged-in player gets live
// odds and scores over the socket (patched into this query); a guest has no socket, so it polls.
export const guestPollMs = 10_000;

export function fetchMatch(matchId: number): Promise<MatchDetail> {
  return playerApi('GET /api/app/sports/matches/:matchId', {
    params: { matchId },
    loading: false,
    silent: true,
  });
}

export function matchQueryOptions(matchId: number, poll: boolean) {
  return queryOptions({
    queryKey: matchQueryKey(matchId),
    queryFn: () => fetchMatch(matchId),
    staleTime: 10_000,
    refetchInterval: poll ? guestPollMs : false,
  });
}

export function useMatch(matchId: number) {
  const token = useToken((state) => state.token);
  return useQuery({
    ...matchQueryOptions(matchId, !token),
    enabled: Number.isSafeInteger(matchId) && matchId > 0,
  });
}
