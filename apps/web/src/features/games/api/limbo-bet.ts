import type { LimboBetAnswer, LimboBetBody } from '@aposta/contract';
import { http } from '../../../lib/http';

// POST /api/app/game/limbo/bet: `result` is the rolled multiplier, `multiplier` the target.
export type { LimboBetAnswer };

export function placeLimboBet(input: LimboBetBody, idempotencyKey: string): Promise<LimboBetAnswer> {
  return http.post<LimboBetAnswer>('/api/app/game/limbo/bet', input, {
    idempotencyKey,
    loading: false,
  });
}
