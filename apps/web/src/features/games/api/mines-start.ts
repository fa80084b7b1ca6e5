import type { MinesStartAnswer, MinesStartBody } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// POST /api/app/game/mines/start: takes the stake and fixes the layout from the current seed pair.
export function startMinesGame(input: MinesStartBody, idempotencyKey: string): Promise<MinesStartAnswer> {
  return playerApi('POST /api/app/game/mines/start', { body: input, idempotencyKey, loading: false });
}
