import type { MinesActiveAnswer } from '@aposta/contract';
import { queryOptions } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// GET /api/app/game/mines/active: the open game (without its mines) or null, to resume after a reload.

export const activeMinesQueryKey = ['user', 'games', 'mines', 'active'] as const;

export function fetchActiveMines(): Promise<MinesActiveAnswer> {
  return playerApi('GET /api/app/game/mines/active', { loading: false });
}

export const activeMinesQueryOptions = queryOptions({
  queryKey: activeMinesQueryKey,
  queryFn: fetchActiveMines,
  staleTime: 0,
});
