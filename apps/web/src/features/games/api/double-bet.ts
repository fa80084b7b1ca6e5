import type { DoubleBetBody } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// POST /api/app/game/double/bet: 409 outside the betting phase; paid when the round settles.
export function placeDoubleBet(input: DoubleBetBody, idempotencyKey: string) {
  return playerApi('POST /api/app/game/double/bet', { body: input, idempotencyKey, loading: false });
}
