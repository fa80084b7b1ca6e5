import type { GameInfoAnswer, GameInfoQuery } from '@aposta/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// GET /api/app/game/info?productCode=&value=: what /gameMess shows (provider, RTP, paytable, rules).
export type { GameInfoAnswer };

export function fetchGameInfo(
  productCode: GameInfoQuery['productCode'],
  value: string,
): Promise<GameInfoAnswer> {
  return playerApi('GET /api/app/game/info', { query: { productCode, value }, loading: false });
}

/** Asks nothing until the page knows a provider and a game. */
export function useGameInfo(productCode: GameInfoQuery['productCode'] | undefined, value: string) {
  return useQuery({
    queryKey: ['slots', 'info', productCode ?? '', value],
    queryFn: productCode && value ? () => fetchGameInfo(productCode, value) : skipToken,
    staleTime: 5 * 60_000,
  });
}
