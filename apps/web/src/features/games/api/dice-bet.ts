import type { DiceBetAnswer, DiceBetBody } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// POST /api/app/game/dice/bet: amount as text ("12.50"), target 0.01..99.99 in whole hundredths.
export type { DiceBetAnswer };

export function placeDiceBet(input: DiceBetBody, idempotencyKey: string): Promise<DiceBetAnswer> {
  return playerApi('POST /api/app/game/dice/bet', { body: input, idempotencyKey, loading: false });
}
