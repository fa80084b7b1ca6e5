import { useEffect, useRef, useState } from 'react';
import { useGameEvent } from '../../lib/game-events';
import { fetchCrashState } from './api';
import {
  applyBetEvent,
  applyCashoutEvent,
  applyRoundEvent,
  type CrashView,
  viewOfState,
} from './crash-logic';

/**
 * The round in play: the state answer, then the socket's pushes (phases, the multiplier, bets, cash-outs). A new
 * round, or silence past the expected start, asks the server again (a missed push never leaves the page stuck).
 */
export function useCrashRound() {
  const [view, setView] = useState<CrashView | undefined>(undefined);
  const [refresh, setRefresh] = useState(0);
  const lastEvent = useRef(Date.now());

  // biome-ignore lint/correctness/useExhaustiveDependencies: each `refresh` asks the server again.
  useEffect(() => {
    let live = true;
    const asked = Date.now();
    fetchCrashState()
      .then((state) => {
        if (live) setView(viewOfState(state, (asked + Date.now()) / 2));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [refresh]);

  useGameEvent('gameRound', (payload) => {
    const game = (payload as { game?: unknown })?.game;
    if (game !== 'crash') return;
    lastEvent.current = Date.now();
    setView((current) => {
      if (!current) return current;
      const roundId = (payload as { roundId?: unknown }).roundId;
      // A round we never saw the bets of (the page was away): ask for the whole state.
      if (typeof roundId === 'number' && roundId > current.roundId + 1) setRefresh((n) => n + 1);
      return applyRoundEvent(current, payload, Date.now());
    });
  });
  useGameEvent('gameBet', (payload) => setView((current) => current && applyBetEvent(current, payload)));
  useGameEvent('crashCashout', (payload) =>
    setView((current) => current && applyCashoutEvent(current, payload)),
  );

  // No push for 3 s while running or past the start (a reconnecting socket): read the state again.
  useEffect(() => {
    const timer = setInterval(() => {
      if (Date.now() - lastEvent.current > 3000) {
        lastEvent.current = Date.now();
        setRefresh((n) => n + 1);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, []);

  return view;
}

/** A clock for the page's text (the cash-out value, the countdown), ticking while `enabled`. */
export function useTicker(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
