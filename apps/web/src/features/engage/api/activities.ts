import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { Activity } from './types';

// GET /api/app/activities/{id}: one running activity with its rules and the player's progress.
export function useActivity(id: number | undefined) {
  return useQuery({
    queryKey: ['activities', 'detail', id],
    queryFn: () => http.get<Activity>(`/api/app/activities/${id}`, { silent: true, loading: false }),
    enabled: id !== undefined,
  });
}
