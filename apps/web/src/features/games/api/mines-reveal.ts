import type { MinesRevealAnswer, MinesRevealBody } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// POST /api/app/game/mines/reveal: a mine or a cleared board ends the game (mineTiles and balances then).
export function revealMinesTile(input: MinesRevealBody, idempotencyKey: string): Promise<MinesRevealAnswer> {
  return playerApi('POST /api/app/game/mines/reveal', { body: input, idempotencyKey, loading: false });
}
