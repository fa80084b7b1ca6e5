import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { queryClient } from '../../../lib/query-client';
import { withdrawInfoQueryKey } from './getWithdraw';

// POST /api/app/order/transfer { toUser, amount }: withdrawable cash to another player (email or ID).
// Not enough withdrawable cash is a 500/9999, which the HTTP client handles (alert, deposit, home).
export interface TransferInput {
  toUser: string;
  /** Reais with 2 decimals, as text. */
  amount: string;
}

export async function transfer(input: TransferInput, idempotencyKey: string): Promise<string> {
  const envelope = await http.requestEnvelope<{ transferId: number }>('/api/app/order/transfer', {
    method: 'POST',
    body: input,
    idempotencyKey,
  });
  return envelope.message;
}

export function useTransfer() {
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: TransferInput; idempotencyKey: string }) =>
      transfer(input, idempotencyKey),
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: withdrawInfoQueryKey });
    },
  });
}
