import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/http';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { reaisToCents } from '../logic/amount';
import type { AutoBetSettings, AutoBetState, BetOutcome } from '../logic/autobet';
import { runAutoBet } from '../logic/autobet-runner';

/** Places one bet of the series: the page's ordinary bet call with the series' key (api/autobet.ts). */
export type PlaceAutoBet = (stakeCents: number, idempotencyKey: string) => Promise<BetOutcome>;

export interface AutoBet {
  running: boolean;
  state: AutoBetState | undefined;
  /** The server's words when it refused a bet. */
  refusal: string | undefined;
  start(settings: AutoBetSettings): void;
  stop(): void;
}

/** A lost answer (no connection, a timeout, a gateway that did not reach the server) may be sent again. */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.kind === 'network' || error.kind === 'timeout' || [502, 503, 504].includes(error.httpStatus);
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * The page's auto-bet series (logic/autobet-runner.ts): started with the panel's settings, stopped by the player,
 * and stopped at once when the page goes away (the player left: no bet is placed after that).
 */
export function useAutoBet(place: PlaceAutoBet): AutoBet {
  const placeRef = useRef(place);
  placeRef.current = place;
  const controller = useRef<AbortController | undefined>(undefined);
  const [running, setRunning] = useState(false);
  const [state, setState] = useState<AutoBetState | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);

  useEffect(() => () => controller.current?.abort('left'), []);

  const start = useCallback((settings: AutoBetSettings) => {
    if (controller.current && !controller.current.signal.aborted) return;
    const current = new AbortController();
    controller.current = current;
    setRunning(true);
    setRefusal(undefined);
    void runAutoBet({
      settings,
      place: (stakeCents, key) => placeRef.current(stakeCents, key),
      newKey: newIdempotencyKey,
      isTransient: isTransientFailure,
      wait,
      signal: current.signal,
      onState(next, error) {
        setState(next);
        if (error instanceof ApiError && !isTransientFailure(error)) setRefusal(error.message || undefined);
      },
    }).finally(() => {
      if (controller.current === current) controller.current = undefined;
      setRunning(false);
    });
  }, []);

  const stop = useCallback(() => controller.current?.abort('stopped'), []);
  return { running, state, refusal, start, stop };
}

/**
 * A page's manual/auto switch and its series: `send` is the page's bet call with the series' key, `settle`
 * what the page does with any bet's answer (balance, seeds, history, the result on the board).
 */
export function useBetModes<Answer extends { payout: number }>(
  send: (stakeCents: number, idempotencyKey: string) => Promise<Answer>,
  settle: (answer: Answer) => void,
) {
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const auto = useAutoBet(async (stakeCents, key) => {
    const answer = await send(stakeCents, key);
    settle(answer);
    return { stakeCents, payoutCents: Number(reaisToCents(answer.payout)) };
  });
  return { mode, setMode, auto };
}
