import type { GameInfoAnswer } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

// GET /api/app/game/info?productCode=&value=: what /gameMess shows (provider, RTP, paytable, rules).
export type { GameInfoAnswer };

export function fetchGameInfo(productCode: string, value: string): Promise<GameInfoAnswer> {
  return http.get<GameInfoAnswer>('/api/app/game/info', { params: { productCode, value }, loading: false });
}

export function useGameInfo(productCode: string, value: string) {
  return useQuery({
    queryKey: ['slots', 'info', productCode, value],
    queryFn: () => fetchGameInfo(productCode, value),
    enabled: Boolean(productCode && value),
    staleTime: 5 * 60_000,
  });
}
