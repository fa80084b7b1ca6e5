import type { WithdrawInfoAnswer as WithdrawInfo } from '@aposta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// GET /api/app/order/getWithdraw: the player's withdraw limits and saved payout accounts.
export type { WithdrawInfo };

export function fetchWithdrawInfo(): Promise<WithdrawInfo> {
  // Silent: the overlay says it could not load and offers to try again (spec.md section 8, order calls).
  return playerApi('GET /api/app/order/getWithdraw', { silent: true });
}

export const withdrawInfoQueryKey = ['user', 'wallet', 'withdraw-info'] as const;

export function useWithdrawInfo(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: withdrawInfoQueryKey,
      queryFn: fetchWithdrawInfo,
      // Limits move with every bet and withdrawal: read them afresh each time the page opens.
      staleTime: 0,
      enabled,
    }),
  );
}
