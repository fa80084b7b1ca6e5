import { http } from '../../../lib/http';
import type { Balances } from './types';

// POST /api/app/game/mines/cashout.
export interface MinesCashoutAnswer extends Balances {
  payout: number;
  multiplier: number;
  mineTiles: number[];
}

export function cashOutMines(gameId: number, idempotencyKey: string): Promise<MinesCashoutAnswer> {
  return http.post<MinesCashoutAnswer>(
    '/api/app/game/mines/cashout',
    { gameId },
    { idempotencyKey, loading: false },
  );
}
