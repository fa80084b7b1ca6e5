import type { DoubleColor } from '@aposta/fair';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { RoundPhase } from '../logic/countdown';

// GET /api/app/game/double/state: the shared round, the bets on it and the last 100 results.
export interface RoundChain {
  terminatingHash: string;
  salt: string;
}

export interface DoubleBetOnRound {
  betId: number;
  player: string;
  amount: number;
  pick: string;
}

export interface DoubleState {
  roundId: number;
  phase: RoundPhase;
  /** Betting: when betting closes; rolling: when the round ends. */
  endsAt: number;
  roll?: number;
  bets: DoubleBetOnRound[];
  history: { roundId: number; roll: number; color: DoubleColor }[];
  chain: RoundChain;
}

export const doubleStateQueryKey = ['games', 'double', 'state'] as const;

export function fetchDoubleState(): Promise<DoubleState> {
  return http.get<DoubleState>('/api/app/game/double/state', { loading: false });
}

export const doubleStateQueryOptions = queryOptions({
  queryKey: doubleStateQueryKey,
  queryFn: fetchDoubleState,
  staleTime: 0,
});

export function useDoubleState() {
  return useQuery(doubleStateQueryOptions);
}
