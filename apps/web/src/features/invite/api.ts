import type { AgentClaimAnswer, AgentSummaryAnswer, FriendsAnswer, InviteInfoAnswer } from '@aposta/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { queryClient } from '../../lib/query-client';

// Invitations, friends and agents (api-contract section 14). Every call needs the player's token.
export const inviteScope = ['user', 'invite'] as const;
export const friendsPageSize = 30;

export function useInviteInfo(enabled = true) {
  return useQuery({
    queryKey: [...inviteScope, 'info'],
    queryFn: () => http.get<InviteInfoAnswer>('/api/app/invite/info', { silent: true, loading: false }),
    enabled,
  });
}

export function useFriends(depth: number, enabled = true) {
  return useQuery({
    queryKey: [...inviteScope, 'friends', depth],
    queryFn: () =>
      http.get<FriendsAnswer>('/api/app/invite/friends', {
        params: { depth, page: 1, size: friendsPageSize },
        silent: true,
        loading: false,
      }),
    enabled,
  });
}

export function useAgentSummary(enabled = true) {
  return useQuery({
    queryKey: [...inviteScope, 'agent'],
    queryFn: () => http.get<AgentSummaryAnswer>('/api/app/agent/summary', { silent: true, loading: false }),
    enabled,
  });
}

/** POST /api/app/agent/claim: the claimable commission to cash; one key per tap (useActionKey). */
export function useClaim() {
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      http.post<AgentClaimAnswer>('/api/app/agent/claim', undefined, { idempotencyKey }),
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: inviteScope });
    },
  });
}
