import type { DoubleBetBody, RoundBetAnswer } from '@aposta/contract';
import { http } from '../../../lib/http';

// POST /api/app/game/double/bet: 409 outside the betting phase; paid when the round settles.
export function placeDoubleBet(input: DoubleBetBody, idempotencyKey: string) {
  return http.post<RoundBetAnswer>('/api/app/game/double/bet', input, {
    idempotencyKey,
    loading: false,
  });
}
