import { http } from '../../../lib/http';
import type { InstantBetAnswer } from './types';

// POST /api/app/game/limbo/bet: `result` is the rolled multiplier, `multiplier` the target.
export interface LimboBetInput {
  amount: string;
  target: number;
}

export interface LimboBetAnswer extends InstantBetAnswer {
  result: number;
}

export function placeLimboBet(input: LimboBetInput, idempotencyKey: string): Promise<LimboBetAnswer> {
  return http.post<LimboBetAnswer>('/api/app/game/limbo/bet', input, {
    idempotencyKey,
    loading: false,
  });
}
