import type { MinesCashoutAnswer } from '@aposta/contract';
import { http } from '../../../lib/http';

// POST /api/app/game/mines/cashout.

export function cashOutMines(gameId: number, idempotencyKey: string): Promise<MinesCashoutAnswer> {
  return http.post<MinesCashoutAnswer>(
    '/api/app/game/mines/cashout',
    { gameId },
    { idempotencyKey, loading: false },
  );
}
