import type { FairInfo, GameCode } from '@aposta/contract';
import { patchBalance } from '../../../lib/balance-hold';
import { queryClient } from '../../../lib/query-client';
import { betsQueryScope } from './bets';
import { type Seeds, seedsQueryKey } from './seeds';

// What every answer that moves money does: the header balance from the answer (the socket's insBalance may come
// later, and says the same), and the bet history refreshed. A game that animates its result holds the balance
// (lib/balance-hold.ts) and refreshes the history only when the animation ends.

export function applyBalances(answer: { balance?: number; freeBalance?: number }): void {
  const patch: { balance?: number; freeBalance?: number } = {};
  if (typeof answer.balance === 'number') patch.balance = answer.balance;
  if (typeof answer.freeBalance === 'number') patch.freeBalance = answer.freeBalance;
  if (Object.keys(patch).length > 0) patchBalance(patch);
}

/** A single-player bet used `nonce`; the next one uses nonce + 1 on the same pair. */
export function advanceSeeds(fair: FairInfo): void {
  queryClient.setQueryData<Seeds>(seedsQueryKey, (seeds) =>
    seeds && seeds.serverSeedHash === fair.serverSeedHash ? { ...seeds, nonce: fair.nonce + 1 } : seeds,
  );
}

export function refreshBets(game: GameCode): void {
  void queryClient.invalidateQueries({ queryKey: [...betsQueryScope, game] });
}
