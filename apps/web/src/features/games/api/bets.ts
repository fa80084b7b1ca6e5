import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { GameCode } from './types';

// GET /api/app/game/bets?game=: the player's bets of one game, newest first.
export interface GameBet {
  betId: number;
  game: GameCode;
  amount: number;
  payout: number;
  multiplier: number;
  /** The game's own detail: dice { target, direction, roll }, mines { mines, revealed, mineTiles }… */
  result: Record<string, unknown> | null;
  status: 'open' | 'settled' | string;
  nonce: number | null;
  time: number;
  /** Single-player bets: the seed pair used; `serverSeed` is null until the player rotates the seeds. */
  fair?: { serverSeedHash: string; clientSeed: string; serverSeed: string | null } | null;
}

export interface GameBetsPage {
  records: GameBet[];
  total: number;
}

export const betsQueryScope = ['user', 'games', 'bets'] as const;
export const betsPageSize = 10;

export function fetchGameBets(game: GameCode): Promise<GameBetsPage> {
  return http.get<GameBetsPage>('/api/app/game/bets', {
    params: { game, page: 1, size: betsPageSize },
    loading: false,
  });
}

export function gameBetsQueryOptions(game: GameCode) {
  return queryOptions({ queryKey: [...betsQueryScope, game], queryFn: () => fetchGameBets(game) });
}

export function useGameBets(game: GameCode) {
  return useQuery(gameBetsQueryOptions(game));
}
