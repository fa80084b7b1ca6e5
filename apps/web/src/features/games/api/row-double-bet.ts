import type { RowDoubleBetAnswer, RowDoubleBetBody } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// POST /api/app/game/rowDouble/bet.
export type { RowDoubleBetAnswer };

export function placeRowDoubleBet(
  input: RowDoubleBetBody,
  idempotencyKey: string,
): Promise<RowDoubleBetAnswer> {
  return playerApi('POST /api/app/game/rowDouble/bet', { body: input, idempotencyKey, loading: false });
}
