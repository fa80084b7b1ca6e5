import type { PlaySession } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** The current play session's start (the header's timer); refreshed every minute while logged in. */
export function usePlaySession(enabled: boolean) {
  return useQuery({
    queryKey: ['user', 'rg', 'session'],
    queryFn: () => http.get<PlaySession>('/api/app/rg/session', { silent: true, loading: false }),
    enabled,
    refetchInterval: 60_000,
  });
}
