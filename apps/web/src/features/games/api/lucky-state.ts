import type { LuckyStateAnswer as LuckyState } from '@aposta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';
import type { LuckyPeriod } from '../logic/lucky';

// GET /api/app/game/luckyColor/state?period=: the open issue of one period and its last results.
export type { LuckyState };

export const luckyStateQueryScope = ['games', 'luckyColor', 'state'] as const;

export function fetchLuckyState(period: LuckyPeriod): Promise<LuckyState> {
  return playerApi('GET /api/app/game/luckyColor/state', { query: { period }, loading: false });
}

export function luckyStateQueryOptions(period: LuckyPeriod) {
  return queryOptions({
    queryKey: [...luckyStateQueryScope, period],
    queryFn: () => fetchLuckyState(period),
    staleTime: 0,
  });
}

export function useLuckyState(period: LuckyPeriod) {
  return useQuery(luckyStateQueryOptions(period));
}
