import type { DiceDirection } from '@aposta/fair';
import { http } from '../../../lib/http';
import type { InstantBetAnswer } from './types';

// POST /api/app/game/dice/bet.
export interface DiceBetInput {
  /** "12.50" */
  amount: string;
  /** 0.01..99.99, whole hundredths */
  target: number;
  direction: DiceDirection;
}

export interface DiceBetAnswer extends InstantBetAnswer {
  roll: number;
}

export function placeDiceBet(input: DiceBetInput, idempotencyKey: string): Promise<DiceBetAnswer> {
  return http.post<DiceBetAnswer>('/api/app/game/dice/bet', input, {
    idempotencyKey,
    loading: false,
  });
}
