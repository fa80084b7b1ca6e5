import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { RoundPhase } from '../logic/countdown';
import type { LuckyPeriod } from '../logic/lucky';
import type { RoundChain } from './double-state';

// GET /api/app/game/luckyColor/state?period=: the open issue of one period and its last results.
export interface LuckyState {
  period: number;
  issue: string;
  phase: RoundPhase;
  /** Betting: when betting closes (5 s before the draw); afterwards: the draw. */
  endsAt: number;
  history: { issue: string; number: number }[];
  chain: RoundChain;
}

export const luckyStateQueryScope = ['games', 'luckyColor', 'state'] as const;

export function fetchLuckyState(period: LuckyPeriod): Promise<LuckyState> {
  return http.get<LuckyState>('/api/app/game/luckyColor/state', { params: { period }, loading: false });
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
