import type { SportCount } from '@aposta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';
import { sportsListQueryKey } from './keys';

// GET /api/app/sports/list: all 12 sports with their live and upcoming match counts.
export function fetchSportsList(): Promise<SportCount[]> {
  return playerApi('GET /api/app/sports/list', { loading: false, silent: true });
}

export const sportsListQueryOptions = queryOptions({
  queryKey: sportsListQueryKey,
  queryFn: fetchSportsList,
  staleTime: 30_000,
  // Counts move as matches start and end; the socket does not carry them.
  refetchInterval: 60_000,
});

export function useSportsList() {
  return useQuery(sportsListQueryOptions);
}
