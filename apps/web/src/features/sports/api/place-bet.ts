import type { PlaceBetAnswer, PlaceBetBody } from '@aposta/contract';
import { useMutation } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';
import { queryClient } from '../../../lib/query-client';
import { patchUserInfo } from '../../../lib/user-info';
import { betsQueryScope } from './keys';

// POST /api/app/sports/bet: a money action, so it carries an Idempotency-Key and is never optimistic.
// Silent: the slip turns the refusals into the player's words (slip/place-errors.ts).
export function placeBet(input: PlaceBetBody, idempotencyKey: string): Promise<PlaceBetAnswer> {
  return playerApi('POST /api/app/sports/bet', { body: input, idempotencyKey, silent: true });
}

export function usePlaceBet() {
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: PlaceBetBody; idempotencyKey: string }) =>
      placeBet(input, idempotencyKey),
    onSuccess(placed) {
      // The answer carries the balances after the stake: the server's numbers, not a guess.
      patchUserInfo({ balance: placed.balance, freeBalance: placed.freeBalance });
      void queryClient.invalidateQueries({ queryKey: betsQueryScope });
    },
  });
}
