import type { GameBet, GameBetsAnswer, GameCode } from '@aposta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// GET /api/app/game/bets?game=: the player's bets of one game, newest first.
export type { GameBet };

export const betsQueryScope = ['user', 'games', 'bets'] as const;
export const betsPageSize = 10;

export function fetchGameBets(game: GameCode): Promise<GameBetsAnswer> {
  return playerApi('GET /api/app/game/bets', {
    query: { game, page: 1, size: betsPageSize },
    loading: false,
  });
}

export function gameBetsQueryOptions(game: GameCode) {
  return queryOptions({ queryKey: [...betsQueryScope, game], queryFn: () => fetchGameBets(game) });
}

export function useGameBets(game: GameCode) {
  return useQuery(gameBetsQueryOptions(game));
}
