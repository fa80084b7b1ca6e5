import type { GameListAnswer, GameListQuery, GameListRecord } from '@aposta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// GET /api/app/game/list?productCode=&q=&page=&size=: a provider's games, or every game whose name matches.
export type { GameListRecord };

export const gameListMax = 100;

export type GameListFilter = Pick<GameListQuery, 'productCode' | 'q'>;

export function fetchGameList(filter: GameListFilter, page = 1, size = gameListMax): Promise<GameListAnswer> {
  return playerApi('GET /api/app/game/list', {
    query: { ...filter, page, size },
    loading: false,
    silent: true,
  });
}

export function gameListQueryOptions(filter: GameListFilter) {
  return queryOptions({
    queryKey: ['slots', 'list', filter.productCode ?? '', filter.q ?? ''],
    queryFn: () => fetchGameList(filter),
    staleTime: 60_000,
  });
}

export function useGameList(filter: GameListFilter, enabled = true) {
  return useQuery({ ...gameListQueryOptions(filter), enabled });
}
