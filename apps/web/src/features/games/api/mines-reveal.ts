import { http } from '../../../lib/http';

// POST /api/app/game/mines/reveal: a mine or a cleared board ends the game (mineTiles and balances then).
export interface MinesRevealAnswer {
  tile: number;
  safe: boolean;
  revealed: number[];
  multiplier: number;
  finished: boolean;
  payout: number;
  mineTiles?: number[];
  balance?: number;
  freeBalance?: number;
}

export function revealMinesTile(
  input: { gameId: number; tile: number },
  idempotencyKey: string,
): Promise<MinesRevealAnswer> {
  return http.post<MinesRevealAnswer>('/api/app/game/mines/reveal', input, {
    idempotencyKey,
    loading: false,
  });
}
