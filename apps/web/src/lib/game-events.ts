import { useEffect, useRef } from 'react';

// The round games' live events (api-contract.md section 10), broadcast to every connected socket:
// `gameRound` { game, roundId | issue, period?, phase, endsAt, roll? | number? } and `gameBet`
// { game, round, player, amount, pick }. The socket (app/realtime.ts) hands them here and the game
// pages listen while shown; the payloads stay `unknown` until a page reads the fields it needs.
export type GameEventName = 'gameRound' | 'gameBet' | 'crashCashout';
type Listener = (payload: unknown) => void;

const listeners: Record<GameEventName, Set<Listener>> = {
  gameRound: new Set(),
  gameBet: new Set(),
  // Crash (api-contract section 20): { roundId, betId, user, multiplier, payout }.
  crashCashout: new Set(),
};

function dispatch(name: GameEventName, payload: unknown): void {
  for (const listener of listeners[name]) listener(payload);
}

/** Socket handlers, merged into the socket's handler table by app/realtime.ts. */
export const gameEventHandlers = {
  gameRound: (payload: unknown) => dispatch('gameRound', payload),
  gameBet: (payload: unknown) => dispatch('gameBet', payload),
  crashCashout: (payload: unknown) => dispatch('crashCashout', payload),
};

export function subscribeGameEvent(name: GameEventName, listener: Listener): () => void {
  listeners[name].add(listener);
  return () => {
    listeners[name].delete(listener);
  };
}

/** Calls the latest `listener` for every event of `name` while the component is mounted. */
export function useGameEvent(name: GameEventName, listener: Listener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribeGameEvent(name, (payload) => latest.current(payload)), [name]);
}
