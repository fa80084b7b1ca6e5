import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { duringRewardClaim } from '../../../lib/offers';
import { queryClient } from '../../../lib/query-client';
import { patchUserInfo } from '../../../lib/user-info';
import type { Balances, Gift } from './types';

// GET /api/app/main/gifts and POST /api/app/main/gifts/{id}/receive: the awards waiting for the player.
export const giftsQueryKey = ['user', 'gifts'] as const;

export function useGifts(enabled: boolean) {
  return useQuery({
    queryKey: giftsQueryKey,
    queryFn: () => http.get<Gift[]>('/api/app/main/gifts', { silent: true, loading: false }),
    enabled,
    staleTime: 0,
  });
}

export function useReceiveGift() {
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      duringRewardClaim(() =>
        http.post<Balances>(`/api/app/main/gifts/${id}/receive`, undefined, { idempotencyKey }),
      ),
    onSuccess(balances) {
      patchUserInfo(balances);
    },
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: giftsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['user', 'bonus'] });
    },
  });
}
