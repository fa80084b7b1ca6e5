import type { SlipAnswer, SlipCreateBody, SlipCreated } from '@aposta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/http-core';
import { playerApi } from '../../../lib/player-api';

// Shared slips (api-contract section 19): POST makes a code for the picks or a bet of mine; GET is public and
// answers the selections at the odds of now, so a guest can open a friend's link.

export function createSharedSlip(body: SlipCreateBody): Promise<SlipCreated> {
  return playerApi('POST /api/app/sports/slips', { body, loading: false });
}

export const sharedSlipKey = (code: string) => ['sports', 'sharedSlip', code] as const;

export function sharedSlipQuery(code: string) {
  return queryOptions({
    queryKey: sharedSlipKey(code),
    queryFn: () =>
      playerApi('GET /api/app/sports/slips/:code', { params: { code }, loading: false, silent: true }),
    staleTime: 5_000,
    // The odds and statuses move while the page is open (a guest has no socket).
    refetchInterval: 10_000,
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status === 404),
  });
}

export function useSharedSlip(code: string | undefined) {
  return useQuery({ ...sharedSlipQuery(code ?? ''), enabled: code !== undefined });
}

export type { SlipAnswer };
