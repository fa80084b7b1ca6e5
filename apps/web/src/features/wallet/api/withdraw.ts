import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { queryClient } from '../../../lib/query-client';
import type { PayoutType } from '../withdraw-rules';
import { withdrawInfoQueryKey } from './getWithdraw';
import { recordsQueryScope } from './records';

// POST /api/app/order/withdraw: moves the amount to a held account at once; the payout follows.
export interface WithdrawInput {
  payCardBank: PayoutType;
  payCardNo: string;
  ifsc: string;
  name: string;
  /** Reais with 2 decimals, as text ("50.00"): never a float the server would have to round. */
  amount: string;
  whatsapp: string;
}

export async function requestWithdraw(input: WithdrawInput, idempotencyKey: string): Promise<string> {
  // Not silent: the server's own refusals (spec.md section 5 repeated, CPF digits, 9999) reach the player.
  const envelope = await http.requestEnvelope<null>('/api/app/order/withdraw', {
    method: 'POST',
    body: input,
    idempotencyKey,
  });
  return envelope.message;
}

export function useWithdraw() {
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: WithdrawInput; idempotencyKey: string }) =>
      requestWithdraw(input, idempotencyKey),
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: withdrawInfoQueryKey });
      void queryClient.invalidateQueries({ queryKey: recordsQueryScope });
    },
  });
}
