import { useMutation, useQuery } from '@tanstack/react-query';
import { duringRewardClaim } from '../../../lib/offers';
import { playerApi } from '../../../lib/player-api';
import { queryClient } from '../../../lib/query-client';
import { patchUserInfo, userInfoQueryKey } from '../../../lib/user-info';

// GET /api/app/vip/levels (public table), GET /api/app/vip/status and POST /api/app/vip/claim/{level}.
export const vipScope = ['user', 'vip'] as const;
const quiet = { silent: true, loading: false } as const;

export function useVipLevels() {
  return useQuery({
    queryKey: ['vip', 'levels'],
    queryFn: () => playerApi('GET /api/app/vip/levels', quiet),
    staleTime: 5 * 60_000,
  });
}

export function useVipStatus(enabled: boolean) {
  return useQuery({
    queryKey: [...vipScope, 'status'],
    queryFn: () => playerApi('GET /api/app/vip/status', quiet),
    enabled,
  });
}

/** Claims a reached level's reward; the server pays it once whatever the taps. Never optimistic. */
export function useVipClaim() {
  return useMutation({
    mutationFn: ({ level, idempotencyKey }: { level: number; idempotencyKey: string }) =>
      duringRewardClaim(() =>
        playerApi('POST /api/app/vip/claim/:level', { params: { level }, idempotencyKey }),
      ),
    onSuccess(balances) {
      patchUserInfo(balances);
    },
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: vipScope });
      void queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
    },
  });
}
