import { useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// Home's slot rows (decision 0034): the casino's hot slots (GET /api/app/game/hot, by rounds played this week,
// the same for everyone) and the player's recently played ones (GET /api/app/game/recent, logged in only).
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

/** Asked again each time home shows, so a game just played is first when the player comes back. */
export function useRecentSlots(token: string | null) {
  return useQuery({
    queryKey: ['slots', 'recent', token],
    queryFn: () => playerApi('GET /api/app/game/recent', { ...quiet, query: { size: slotRowSize } }),
    enabled: Boolean(token),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
