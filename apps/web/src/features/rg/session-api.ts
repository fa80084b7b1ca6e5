import { useQuery } from '@tanstack/react-query';
import { playerApi } from '../../lib/player-api';

/** The current play session's start (the header's timer); refreshed every minute while logged in. */
export function usePlaySession(enabled: boolean) {
  return useQuery({
    queryKey: ['user', 'rg', 'session'],
    queryFn: () => playerApi('GET /api/app/rg/session', { silent: true, loading: false }),
    enabled,
    refetchInterval: 60_000,
  });
}
