import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useActionKey } from '../../../../lib/idempotency-key';
import { queryClient } from '../../../../lib/query-client';
import { activeMinesQueryKey, activeMinesQueryOptions } from '../../api/mines-active';
import { cashOutMines } from '../../api/mines-cashout';
import { revealMinesTile } from '../../api/mines-reveal';

type RevealAnswer = Awaited<ReturnType<typeof revealMinesTile>>;

import { startMinesGame } from '../../api/mines-start';
import { advanceSeeds, applyBalances, refreshBets } from '../../api/settle';
import { reaisToCents } from '../../logic/amount';

export interface MinesGame {
  gameId: number;
  mines: number;
  amountCents: number;
  revealed: number[];
  state: 'open' | 'busted' | 'cashed';
  /** Shown once the game is over. */
  mineTiles?: number[];
  /** The mine that ended the game. */
  hit?: number;
  payout?: number;
}

/** The game after a revealed tile: more tiles, or over (a safe last tile cashes out, a mine busts). */
export function afterReveal(current: MinesGame, answer: RevealAnswer): MinesGame {
  if (!answer.finished) return { ...current, revealed: answer.revealed };
  return {
    ...current,
    revealed: answer.safe ? answer.revealed : answer.revealed.filter((tile) => tile !== answer.tile),
    state: answer.safe ? 'cashed' : 'busted',
    mineTiles: answer.mineTiles ?? [],
    hit: answer.safe ? undefined : answer.tile,
    payout: answer.payout,
  };
}

/**
 * The player's mines game: resumed after a reload, started, revealed tile by tile, cashed out.
 * `setMineCount` follows a resumed game's mine count.
 */
export function useMinesGame(setMineCount: (mines: number) => void) {
  const [game, setGame] = useState<MinesGame | undefined>(undefined);
  const active = useQuery(activeMinesQueryOptions);

  // Resume the open game after a reload (GET /api/app/game/mines/active).
  useEffect(() => {
    const open = active.data;
    if (!open) return;
    setGame((current) =>
      current?.gameId === open.gameId
        ? current
        : {
            gameId: open.gameId,
            mines: open.mines,
            amountCents: reaisToCents(open.amount),
            revealed: open.revealed,
            state: 'open',
          },
    );
    setMineCount(open.mines);
  }, [active.data, setMineCount]);

  const forgetActive = () => queryClient.setQueryData(activeMinesQueryKey, null);

  const startKeys = useActionKey();
  const revealKeys = useActionKey();
  const cashOutKeys = useActionKey();
  const start = useMutation({
    mutationFn: (input: Parameters<typeof startMinesGame>[0]) =>
      startMinesGame(input, startKeys.keyFor(input)),
    onSuccess(answer, input) {
      startKeys.settle();
      applyBalances(answer);
      advanceSeeds(answer);
      refreshBets('mines');
      setGame({
        gameId: answer.gameId,
        mines: answer.mines,
        amountCents: reaisToCents(Number(input.amount)),
        revealed: [],
        state: 'open',
      });
    },
  });
  const reveal = useMutation({
    mutationFn: (input: Parameters<typeof revealMinesTile>[0]) =>
      revealMinesTile(input, revealKeys.keyFor(input)),
    onSuccess(answer) {
      revealKeys.settle();
      applyBalances(answer);
      setGame((current) => current && afterReveal(current, answer));
      if (answer.finished) {
        forgetActive();
        refreshBets('mines');
      }
    },
  });
  const cashOut = useMutation({
    mutationFn: (gameId: number) => cashOutMines(gameId, cashOutKeys.keyFor({ gameId })),
    onSuccess(answer) {
      cashOutKeys.settle();
      applyBalances(answer);
      forgetActive();
      refreshBets('mines');
      setGame((current) =>
        current
          ? { ...current, state: 'cashed', mineTiles: answer.mineTiles, payout: answer.payout }
          : current,
      );
    },
  });

  return { game, setGame, active, start, reveal, cashOut };
}
