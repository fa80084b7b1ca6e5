import { useMutation, useQuery } from '@tanstack/react-query';
import { duringRewardClaim } from '../../../lib/offers';
import { playerApi } from '../../../lib/player-api';
import { queryClient } from '../../../lib/query-client';
import { patchUserInfo } from '../../../lib/user-info';

// GET and POST /api/app/signin: the 7-day calendar and today's claim (once a day in the player's own zone).
export const signInQueryKey = ['user', 'signin'] as const;

export function useSignIn(enabled: boolean) {
  return useQuery({
    queryKey: signInQueryKey,
    queryFn: () => playerApi('GET /api/app/signin', { silent: true, loading: false }),
    enabled,
  });
}

export function useSignInClaim() {
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      duringRewardClaim(() => playerApi('POST /api/app/signin', { idempotencyKey })),
    onSuccess({ balance, freeBalance }) {
      patchUserInfo({ balance, freeBalance });
    },
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: signInQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['user', 'bonus'] });
    },
  });
}
