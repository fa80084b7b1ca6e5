import { http } from '../../../lib/http';
import type { Balances } from './types';

// POST /api/app/game/luckyColor/bet: pick is green, red, violet, big, small or 0..9.
export interface LuckyBetAnswer extends Balances {
  betId: number;
  issue: string;
}

export function placeLuckyBet(
  input: {
    period: number;
    issue: string;
    amount: string;
    pick: string | number;
  },
  idempotencyKey: string,
) {
  return http.post<LuckyBetAnswer>('/api/app/game/luckyColor/bet', input, {
    idempotencyKey,
    loading: false,
  });
}
