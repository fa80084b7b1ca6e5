import type { GameListAnswer, GameListRecord } from '@aposta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

// GET /api/app/game/list?productCode=&q=&page=&size=: a provider's games, or every game whose name matches.
export type { GameListRecord };

export const gameListMax = 100;

export function fetchGameList(
  filter: { productCode?: string; q?: string },
  page = 1,
  size = gameListMax,
): Promise<GameListAnswer> {
  return http.get<GameListAnswer>('/api/app/game/list', {
    params: { ...filter, page, size },
    loading: false,
    silent: true,
  });
}

export function gameListQueryOptions(filter: { productCode?: string; q?: string }) {
  return queryOptions({
    queryKey: ['slots', 'list', filter.productCode ?? '', filter.q ?? ''],
    queryFn: () => fetchGameList(filter),
    staleTime: 60_000,
  });
}

export function useGameList(filter: { productCode?: string; q?: string }, enabled = true) {
  return useQuery({ ...gameListQueryOptions(filter), enabled });
}
