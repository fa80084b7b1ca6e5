import type { LuckyBetBody } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// POST /api/app/game/luckyColor/bet: pick is green, red, violet, big, small or 0..9.
export function placeLuckyBet(input: LuckyBetBody, idempotencyKey: string) {
  return playerApi('POST /api/app/game/luckyColor/bet', { body: input, idempotencyKey, loading: false });
}
