import type { DoubleStateAnswer as DoubleState, RoundChain } from '@aposta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// GET /api/app/game/double/state: the shared round, the bets on it and the last 100 results.
export type { DoubleState, RoundChain };

export const doubleStateQueryKey = ['games', 'double', 'state'] as const;

export function fetchDoubleState(): Promise<DoubleState> {
  return playerApi('GET /api/app/game/double/state', { loading: false });
}

export const doubleStateQueryOptions = queryOptions({
  queryKey: doubleStateQueryKey,
  queryFn: fetchDoubleState,
  staleTime: 0,
});

export function useDoubleState() {
  return useQuery(doubleStateQueryOptions);
}
