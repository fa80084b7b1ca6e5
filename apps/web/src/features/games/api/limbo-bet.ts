import type { LimboBetAnswer, LimboBetBody } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// POST /api/app/game/limbo/bet: `result` is the rolled multiplier, `multiplier` the target.
export type { LimboBetAnswer };

export function placeLimboBet(input: LimboBetBody, idempotencyKey: string): Promise<LimboBetAnswer> {
  return playerApi('POST /api/app/game/limbo/bet', { body: input, idempotencyKey, loading: false });
}
