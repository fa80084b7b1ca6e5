import type { MinesRevealAnswer, MinesRevealBody } from '@aposta/contract';
import { http } from '../../../lib/http';

// POST /api/app/game/mines/reveal: a mine or a cleared board ends the game (mineTiles and balances then).
export function revealMinesTile(input: MinesRevealBody, idempotencyKey: string): Promise<MinesRevealAnswer> {
  return http.post<MinesRevealAnswer>('/api/app/game/mines/reveal', input, {
    idempotencyKey,
    loading: false,
  });
}
