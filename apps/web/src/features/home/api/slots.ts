import { useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// Home's hot slots row (decision 0034): GET /api/app/game/hot, by rounds played this week, the same for everyone.
// The recently played row is the lobby's (components/lobby/lobby-api.ts, GET /api/app/games/recent).
const quiet = { silent: true, loading: false } as const;

/** Tiles in a row: enough to scroll through, few enough for a cheap phone's first screen. */
export const slotRowSize = 10;

export function useHotSlots() {
  return useQuery({
    queryKey: ['slots', 'hot'],
    queryFn: () => playerApi('GET /api/app/game/hot', { ...quiet, query: { size: slotRowSize } }),
    staleTime: 60_000,
  });
}
