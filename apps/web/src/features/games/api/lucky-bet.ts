import type { LuckyBetBody, RoundBetAnswerWithIssue } from '@aposta/contract';
import { http } from '../../../lib/http';

// POST /api/app/game/luckyColor/bet: pick is green, red, violet, big, small or 0..9.
export function placeLuckyBet(input: LuckyBetBody, idempotencyKey: string) {
  return http.post<RoundBetAnswerWithIssue>('/api/app/game/luckyColor/bet', input, {
    idempotencyKey,
    loading: false,
  });
}
