import type { MinesCashoutAnswer } from '@aposta/contract';
import { playerApi } from '../../../lib/player-api';

// POST /api/app/game/mines/cashout.

export function cashOutMines(gameId: number, idempotencyKey: string): Promise<MinesCashoutAnswer> {
  return playerApi('POST /api/app/game/mines/cashout', { body: { gameId }, idempotencyKey, loading: false });
}
