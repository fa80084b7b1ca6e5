import type { DoubleColor } from '@aposta/fair';
import { http } from '../../../lib/http';
import type { Balances } from './types';

// POST /api/app/game/double/bet: 409 outside the betting phase; paid when the round settles.
export interface RoundBetAnswer extends Balances {
  betId: number;
  roundId: number;
}

export function placeDoubleBet(
  input: { roundId: number; amount: string; color: DoubleColor },
  idempotencyKey: string,
) {
  return http.post<RoundBetAnswer>('/api/app/game/double/bet', input, {
    idempotencyKey,
    loading: false,
  });
}
