import type { BuilderQuote, PlaceBetAnswer } from '@aposta/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';
import { queryClient } from '../../../lib/query-client';
import { patchUserInfo } from '../../../lib/user-info';
import { betsQueryScope } from '../api/keys';

/** POST /api/app/sports/builder/quote: the combined price of the picks (silent: the panel explains a refusal). */
export function useBuilderQuote(
  matchId: number,
  selectionIds: readonly number[],
  stateKey: string,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['sports', 'builderQuote', matchId, [...selectionIds], stateKey],
    queryFn: () =>
      playerApi('POST /api/app/sports/builder/quote', {
        body: { matchId, selections: selectionIds.map((selectionId) => ({ selectionId })) },
        silent: true,
      }),
    enabled: enabled && selectionIds.length >= 2,
    retry: false,
    // A quote is good for 30 s: a fresh one before it runs out.
    refetchInterval: 20_000,
    staleTime: 0,
  });
}

export interface BuilderBetInput {
  amount: string;
  quoteId: number;
  acceptOdds: 'none' | 'better' | 'any';
}

/** POST /api/app/sports/bet with the quote: a money action, with an Idempotency-Key, never optimistic. */
export function usePlaceBuilder() {
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: BuilderBetInput; idempotencyKey: string }) =>
      playerApi('POST /api/app/sports/bet', {
        body: input,
        idempotencyKey,
        silent: true,
      }) as Promise<PlaceBetAnswer>,
    onSuccess(placed) {
      patchUserInfo({ balance: placed.balance, freeBalance: placed.freeBalance });
      void queryClient.invalidateQueries({ queryKey: betsQueryScope });
    },
  });
}

export type { BuilderQuote };
