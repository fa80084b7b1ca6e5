import { useMutation, useQuery } from '@tanstack/react-query';
import { playerApi } from '../../lib/player-api';
import { queryClient } from '../../lib/query-client';
import { patchUserInfo } from '../../lib/user-info';

// Tournaments and missions (issue 34, decision 0067): public lists, the caller's rank and progress when signed in.
export const tournamentsKey = ['tournaments'] as const;
/** How often an open leaderboard refreshes (the server ranks a tournament at most every 2 s). */
export const BOARD_REFRESH_MS = 5_000;

export function useTournaments() {
  return useQuery({
    queryKey: [...tournamentsKey, 'list'],
    queryFn: () => playerApi('GET /api/app/tournaments', { silent: true, loading: false }),
    refetchInterval: BOARD_REFRESH_MS * 6,
  });
}

export function useBoard(id: number | null) {
  return useQuery({
    queryKey: [...tournamentsKey, 'board', id],
    queryFn: () =>
      playerApi('GET /api/app/tournaments/:id', { params: { id: id! }, silent: true, loading: false }),
    enabled: id !== null,
    refetchInterval: BOARD_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function useMissions() {
  return useQuery({
    queryKey: [...tournamentsKey, 'missions'],
    queryFn: () => playerApi('GET /api/app/missions', { silent: true, loading: false }),
    refetchInterval: BOARD_REFRESH_MS * 2,
  });
}

export function useClaimMission() {
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
      playerApi('POST /api/app/missions/:id/claim', { params: { id }, idempotencyKey }),
    onSuccess(answer) {
      patchUserInfo({ balance: answer.balance, freeBalance: answer.freeBalance });
    },
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: [...tournamentsKey, 'missions'] });
    },
  });
}
