import { skipToken, useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// GET /api/app/activities/{id}: one running activity with its rules and the player's progress.
export function useActivity(id: number | undefined) {
  return useQuery({
    queryKey: ['activities', 'detail', id],
    queryFn:
      id === undefined
        ? skipToken
        : () => playerApi('GET /api/app/activities/:id', { params: { id }, silent: true, loading: false }),
  });
}
