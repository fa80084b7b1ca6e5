import type { RowDoubleBetAnswer, RowDoubleBetBody } from '@aposta/contract';
import { http } from '../../../lib/http';

// POST /api/app/game/rowDouble/bet.
export type { RowDoubleBetAnswer };

export function placeRowDoubleBet(
  input: RowDoubleBetBody,
  idempotencyKey: string,
): Promise<RowDoubleBetAnswer> {
  return http.post<RowDoubleBetAnswer>('/api/app/game/rowDouble/bet', input, {
    idempotencyKey,
    loading: false,
  });
}
