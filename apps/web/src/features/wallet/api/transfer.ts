import type { TransferBody } from '@aposta/contract';
import { useMutation } from '@tanstack/react-query';
import { playerApiEnvelope } from '../../../lib/player-api';
import { queryClient } from '../../../lib/query-client';
import { withdrawInfoQueryKey } from './getWithdraw';
import { transferRecordsQueryKey } from './transfer-records';

// POST /api/app/order/transfer { toUser, amount }: withdrawable cash to another player (email or ID).
// Not enough withdrawable cash is a 500/9999, which the HTTP client handles (alert, deposit, home).
export async function transfer(input: TransferBody, idempotencyKey: string): Promise<string> {
  const envelope = await playerApiEnvelope('POST /api/app/order/transfer', { body: input, idempotencyKey });
  return envelope.message;
}

export function useTransfer() {
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: TransferBody; idempotencyKey: string }) =>
      transfer(input, idempotencyKey),
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: withdrawInfoQueryKey });
      void queryClient.invalidateQueries({ queryKey: transferRecordsQueryKey });
    },
  });
}
