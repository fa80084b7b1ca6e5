import { useMutation } from '@tanstack/react-query';
import { duringRewardClaim } from '../../lib/offers';
import { playerApi } from '../../lib/player-api';
import { queryClient } from '../../lib/query-client';
import { patchUserInfo, userInfoQueryKey } from '../../lib/user-info';

// POST /api/app/main/increase/receive: claims what the last userBetAmount offered, once (api-contract §13).
export function useReceiveIncrease() {
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      duringRewardClaim(() => playerApi('POST /api/app/main/increase/receive', { idempotencyKey })),
    onSuccess(balances) {
      patchUserInfo(balances);
    },
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['user', 'bonus'] });
    },
  });
}
