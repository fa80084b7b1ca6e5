import type { MinesStartAnswer, MinesStartBody } from '@aposta/contract';
import { http } from '../../../lib/http';

// POST /api/app/game/mines/start: takes the stake and fixes the layout from the current seed pair.
export function startMinesGame(input: MinesStartBody, idempotencyKey: string): Promise<MinesStartAnswer> {
  return http.post<MinesStartAnswer>('/api/app/game/mines/start', input, {
    idempotencyKey,
    loading: false,
  });
}
