import type { PayMethod, PayMethodsAnswer } from '@aposta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// GET /api/app/main/payMethods (ours): the payment methods the server has configured, for the footer's marks.
export function fetchPayMethods(): Promise<PayMethodsAnswer> {
  // Decoration only: a failure is swallowed and the footer shows PIX, which every server has.
  return playerApi('GET /api/app/main/payMethods', { silent: true, loading: false });
}

export const payMethodsQueryOptions = queryOptions({
  queryKey: ['main', 'payMethods'],
  queryFn: fetchPayMethods,
  staleTime: 30 * 60_000,
});

/** The configured methods; PIX alone until the server has answered. */
export function usePayMethods(): readonly PayMethod[] {
  return useQuery(payMethodsQueryOptions).data ?? ['pix'];
}
