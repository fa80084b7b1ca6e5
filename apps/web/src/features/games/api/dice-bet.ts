import type { DiceBetAnswer, DiceBetBody } from '@aposta/contract';
import { http } from '../../../lib/http';

// POST /api/app/game/dice/bet: amount as text ("12.50"), target 0.01..99.99 in whole hundredths.
export type { DiceBetAnswer };

export function placeDiceBet(input: DiceBetBody, idempotencyKey: string): Promise<DiceBetAnswer> {
  return http.post<DiceBetAnswer>('/api/app/game/dice/bet', input, {
    idempotencyKey,
    loading: false,
  });
}
