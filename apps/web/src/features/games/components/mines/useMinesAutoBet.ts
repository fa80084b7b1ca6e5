import { useEffect, useRef, useState } from 'react';
import { amountForApi } from '../../../../lib/money-input';
import { queryClient } from '../../../../lib/query-client';
import { activeMinesQueryKey } from '../../api/mines-active';
import { autoMinesCashout, autoMinesReveal, autoMinesStart } from '../../api/mines-autobet';
import { advanceSeeds, applyBalances, refreshBets } from '../../api/settle';
import { type MinesAutoPort, playMinesBet, togglePick } from '../../logic/mines-autobet';
import { useAutoBet } from '../useAutoBet';
import { afterReveal, type MinesGame } from './useMinesGame';

type SetGame = (update: (current: MinesGame | undefined) => MinesGame | undefined) => void;

/** The mines calls of the series, each shown on the board as a manual game would be. */
function boardPort(mines: number, setGame: SetGame, left: () => boolean): MinesAutoPort {
  // The player left the page: no call after that (an open game is resumed when they come back).
  const stayed = () => {
    if (left()) throw new Error('left the page');
  };
  const over = () => {
    queryClient.setQueryData(activeMinesQueryKey, null);
    refreshBets('mines');
  };
  return {
    async start(stakeCents, count, key) {
      stayed();
      const answer = await autoMinesStart(amountForApi(BigInt(stakeCents)), count, key);
      applyBalances(answer);
      advanceSeeds(answer);
      refreshBets('mines');
      setGame(() => ({ gameId: answer.gameId, mines, amountCents: stakeCents, revealed: [], state: 'open' }));
      return answer;
    },
    async reveal(gameId, tile, key) {
      stayed();
      const answer = await autoMinesReveal(gameId, tile, key);
      applyBalances(answer);
      setGame((current) => current && afterReveal(current, answer));
      if (answer.finished) over();
      return answer;
    },
    async cashOut(gameId, key) {
      stayed();
      const answer = await autoMinesCashout(gameId, key);
      applyBalances(answer);
      over();
      setGame((current) =>
        current
          ? { ...current, state: 'cashed', mineTiles: answer.mineTiles, payout: answer.payout }
          : current,
      );
      return answer;
    },
  };
}

/**
 * The mines auto-bet (logic/mines-autobet.ts): the tiles the player picked on the board, and the series that
 * plays them game after game with `mines` mines.
 */
export function useMinesAutoBet(mines: number, setGame: SetGame) {
  const [pattern, setPattern] = useState<number[]>([]);
  const left = useRef(false);
  useEffect(() => {
    left.current = false;
    return () => {
      left.current = true;
    };
  }, []);
  const auto = useAutoBet((stakeCents, key) =>
    playMinesBet(
      boardPort(mines, setGame, () => left.current),
      { stakeCents, mines, pattern },
      key,
    ),
  );
  const pick = (tile: number) => {
    if (!auto.running) setPattern((current) => togglePick(current, tile, mines));
  };
  return { auto, pattern, pick };
}
