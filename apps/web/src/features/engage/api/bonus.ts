import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { BonusState } from './types';

// GET /api/app/bonus: the bonus balance, its wagering requirement and the history of credits.
export const bonusQueryKey = ['user', 'bonus'] as const;

export function useBonus(enabled: boolean) {
  return useQuery({
    queryKey: bonusQueryKey,
    queryFn: () => http.get<BonusState>('/api/app/bonus', { silent: true, loading: false }),
    enabled,
    staleTime: 0,
  });
}
