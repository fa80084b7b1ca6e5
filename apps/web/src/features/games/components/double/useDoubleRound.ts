import { useEffect, useRef, useState } from 'react';
import { useGameEvent } from '../../../../lib/game-events';
import { queryClient } from '../../../../lib/query-client';
import { type DoubleState, doubleStateQueryKey } from '../../api/double-state';
import { refreshBets } from '../../api/settle';
import { remainingMs } from '../../logic/countdown';
import { readDoubleRoundEvent, readRoundBetEvent } from '../../logic/round-events';
import type { Spin } from '../WheelStrip';

const spinMsMax = 6_000;
const spinMsMin = 800;

/** The socket's round phases and bets written into the cached Double state. */
export function useDoubleEvents() {
  useGameEvent('gameRound', (payload) => {
    const event = readDoubleRoundEvent(payload);
    if (!event) return;
    queryClient.setQueryData<DoubleState>(doubleStateQueryKey, (old) =>
      old
        ? {
            ...old,
            roundId: event.roundId,
            phase: event.phase,
            endsAt: event.endsAt,
            roll: event.roll,
            bets: old.roundId === event.roundId ? old.bets : [],
          }
        : old,
    );
    // Each phase change: the state again (history, bets), and the player's settled bets.
    void queryClient.invalidateQueries({ queryKey: doubleStateQueryKey });
    if (event.phase === 'complete') refreshBets('double');
  });
  useGameEvent('gameBet', (payload) => {
    const event = readRoundBetEvent(payload);
    if (event?.game !== 'double') return;
    queryClient.setQueryData<DoubleState>(doubleStateQueryKey, (old) =>
      old && String(old.roundId) === event.round
        ? {
            ...old,
            bets: [
              { betId: -Date.now(), player: event.player, amount: event.amount, pick: event.pick },
              ...old.bets,
            ],
          }
        : old,
    );
  });
}

/** The strip spins once per round, when its roll becomes known (the rolling phase). */
export function useDoubleSpin(state: DoubleState | undefined) {
  const [spin, setSpin] = useState<(Spin & { durationMs: number }) | undefined>(undefined);
  const spunRound = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!state || state.phase === 'betting' || state.roll === undefined) return;
    if (spunRound.current === state.roundId) return;
    spunRound.current = state.roundId;
    const left = remainingMs(state.endsAt, Date.now()) - 1500;
    const durationMs = Math.max(spinMsMin, Math.min(spinMsMax, left));
    setSpin({ key: state.roundId, roll: state.roll, durationMs });
  }, [state]);
  return { spin, spinMsMax };
}
