import type { LuckyColorPick } from '@aposta/fair';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useActionKey } from '../../../../lib/idempotency-key';
import { placeLuckyBet } from '../../api/lucky-bet';
import { applyBalances, refreshBets } from '../../api/settle';

export interface MyPick {
  betId: number;
  issue: string;
  pick: LuckyColorPick;
  amount: number;
}

/** Placing a Lucky Color bet (once per key) and the player's last 20 picks. */
export function useLuckyBet() {
  const [myPicks, setMyPicks] = useState<MyPick[]>([]);
  const betKeys = useActionKey();
  const bet = useMutation({
    mutationFn: (input: Parameters<typeof placeLuckyBet>[0]) => placeLuckyBet(input, betKeys.keyFor(input)),
    onSuccess(answer, input) {
      betKeys.settle();
      applyBalances(answer);
      refreshBets('luckyColor');
      const placed = typeof input.pick === 'number' ? input.pick : (input.pick as LuckyColorPick);
      setMyPicks((list) =>
        [
          { betId: answer.betId, issue: answer.issue, pick: placed, amount: Number(input.amount) },
          ...list,
        ].slice(0, 20),
      );
    },
  });
  return { bet, myPicks };
}
