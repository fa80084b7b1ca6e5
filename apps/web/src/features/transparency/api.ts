import type { TransparencyPeriod } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { playerApi } from '../../lib/player-api';

/** GET /api/app/transparency: the player's own figures for one kind of period (decision 0053). */
export function useTransparency(period: TransparencyPeriod, enabled = true) {
  return useQuery({
    queryKey: ['user', 'transparency', period],
    queryFn: () =>
      playerApi('GET /api/app/transparency', { query: { period }, silent: true, loading: false }),
    enabled,
  });
}

/** GET /api/app/rg/limits: the limits the page shows (read here: a feature does not import another's calls). */
export function useLimits() {
  return useQuery({
    queryKey: ['user', 'transparency', 'limits'],
    queryFn: () => playerApi('GET /api/app/rg/limits', { silent: true, loading: false }),
  });
}
