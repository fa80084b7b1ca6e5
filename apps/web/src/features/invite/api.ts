import { useMutation, useQuery } from '@tanstack/react-query';
import { playerApi } from '../../lib/player-api';
import { queryClient } from '../../lib/query-client';

// Invitations, friends and agents (api-contract section 14). Every call needs the player's token.
export const inviteScope = ['user', 'invite'] as const;
export const friendsPageSize = 30;

export function useInviteInfo(enabled = true) {
  return useQuery({
    queryKey: [...inviteScope, 'info'],
    queryFn: () => playerApi('GET /api/app/invite/info', { silent: true, loading: false }),
    enabled,
  });
}

export function useFriends(depth: number, enabled = true) {
  return useQuery({
    queryKey: [...inviteScope, 'friends', depth],
    queryFn: () =>
      playerApi('GET /api/app/invite/friends', {
        query: { depth, page: 1, size: friendsPageSize },
        silent: true,
        loading: false,
      }),
    enabled,
  });
}

export function useAgentSummary(enabled = true) {
  return useQuery({
    queryKey: [...inviteScope, 'agent'],
    queryFn: () => playerApi('GET /api/app/agent/summary', { silent: true, loading: false }),
    enabled,
  });
}

/** POST /api/app/agent/claim: the claimable commission to cash; one key per tap (useActionKey). */
export function useClaim() {
  return useMutation({
    mutationFn: (idempotencyKey: string) => playerApi('POST /api/app/agent/claim', { idempotencyKey }),
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: inviteScope });
    },
  });
}
