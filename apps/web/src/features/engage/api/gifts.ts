import { useMutation, useQuery } from '@tanstack/react-query';
import { duringRewardClaim } from '../../../lib/offers';
import { playerApi } from '../../../lib/player-api';
import { queryClient } from '../../../lib/query-client';
import { patchUserInfo } from '../../../lib/user-info';

// GET /api/app/main/gifts and POST /api/app/main/gifts/{id}/receive: the awards waiting for the player.
export const giftsQueryKey = ['user', 'gifts'] as const;

export function useGifts(enabled: boolean) {
  return useQuery({
    queryKey: giftsQueryKey,
    queryFn: () => playerApi('GET /api/app/main/gifts', { silent: true, loading: false }),
    enabled,
    staleTime: 0,
  });
}

export function useReceiveGift() {
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      duringRewardClaim(() =>
        playerApi('POST /api/app/main/gifts/:id/receive', { params: { id }, idempotencyKey }),
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
