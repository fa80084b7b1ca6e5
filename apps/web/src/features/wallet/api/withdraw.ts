import type { WithdrawBody } from '@aposta/contract';
import { useMutation } from '@tanstack/react-query';
import { playerApiEnvelope } from '../../../lib/player-api';
import { queryClient } from '../../../lib/query-client';
import { withdrawInfoQueryKey } from './getWithdraw';
import { recordsQueryScope } from './records';

// POST /api/app/order/withdraw: moves the amount to a held account at once; the payout follows.
// The amount goes as text with 2 decimals ("50.00"): never a float the server would have to round.
export type { WithdrawBody as WithdrawInput };

export async function requestWithdraw(input: WithdrawBody, idempotencyKey: string): Promise<string> {
  // Not silent: the server's own refusals (spec.md section 5 repeated, CPF digits, 9999) reach the player.
  const envelope = await playerApiEnvelope('POST /api/app/order/withdraw', { body: input, idempotencyKey });
  return envelope.message;
}

export function useWithdraw() {
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: WithdrawBody; idempotencyKey: string }) =>
      requestWithdraw(input, idempotencyKey),
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: withdrawInfoQueryKey });
      void queryClient.invalidateQueries({ queryKey: recordsQueryScope });
    },
  });
}
