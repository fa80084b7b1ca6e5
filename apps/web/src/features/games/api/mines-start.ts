import { http } from '../../../lib/http';
import type { Balances, FairInfo } from './types';

// POST /api/app/game/mines/start: takes the stake and fixes the layout from the current seed pair.
export interface MinesStartAnswer extends Balances, FairInfo {
  gameId: number;
  mines: number;
}

export function startMinesGame(
  input: { amount: string; mines: number },
  idempotencyKey: string,
): Promise<MinesStartAnswer> {
  return http.post<MinesStartAnswer>('/api/app/game/mines/start', input, {
    idempotencyKey,
    loading: false,
  });
}
