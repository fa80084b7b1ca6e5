import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';

// GET /api/app/game/mines/active: the open game (without its mines) or null, to resume after a reload.
export interface ActiveMinesGame {
  gameId: number;
  mines: number;
  amount: number;
  revealed: number[];
  nonce: number;
  multiplier: number;
}

export const activeMinesQueryKey = ['user', 'games', 'mines', 'active'] as const;

export function fetchActiveMines(): Promise<ActiveMinesGame | null> {
  return http.get<ActiveMinesGame | null>('/api/app/game/mines/active', { loading: false });
}

export const activeMinesQueryOptions = queryOptions({
  queryKey: activeMinesQueryKey,
  queryFn: fetchActiveMines,
  staleTime: 0,
});
