import {
  type AutoBetSettings,
  type AutoBetState,
  type BetOutcome,
  endSeries,
  recordBet,
  type StopReason,
  startSeries,
} from './autobet';

// The auto-bet series' loop (docs/decisions/0060): one ordinary bet at a time, each with its own Idempotency-Key.
// A bet whose answer is lost (the connection dropped) is sent again with the SAME key, so the server places it at
// most once and answers the first result; a refusal (a limit, the balance) ends the series at once, as does the
// player stopping it or leaving the page (the signal). Everything outside is injected, so tests drive it.

export interface AutoBetRun {
  settings: AutoBetSettings;
  /** Places one bet of `stakeCents` with `key`; resolves to what was staked and paid. */
  place(stakeCents: number, key: string): Promise<BetOutcome>;
  newKey(): string;
  /** Whether a failed call may be sent again (its answer was lost), rather than a refusal. */
  isTransient(error: unknown): boolean;
  /** Resolves after `ms`, or at once when the signal aborts. */
  wait(ms: number, signal: AbortSignal): Promise<void>;
  /** Aborted by the player's stop ('stopped') or by leaving the page ('left'): its reason says which. */
  signal: AbortSignal;
  /** Each state as it changes, for the panel. */
  onState(state: AutoBetState, error?: unknown): void;
}

/** Waits between resending a bet whose answer was lost: three tries more over about 7 s, then it gives up. */
export const resendDelaysMs = [1_000, 2_000, 4_000] as const;

class SeriesAborted extends Error {}

function abortReason(signal: AbortSignal): StopReason {
  return signal.reason === 'left' ? 'left' : 'stopped';
}

/** One bet, resent with its key while its answer is lost; a refusal or the last loss is thrown. */
async function placeOnce(run: AutoBetRun, stakeCents: number): Promise<BetOutcome> {
  const key = run.newKey();
  for (let attempt = 0; ; attempt++) {
    try {
      return await run.place(stakeCents, key);
    } catch (error) {
      const delay = resendDelaysMs[attempt];
      if (!run.isTransient(error) || delay === undefined) throw error;
      await run.wait(delay, run.signal);
      // Stopped while the bet was in doubt: no more tries (it was placed once or not at all; the balance says).
      if (run.signal.aborted) throw new SeriesAborted();
    }
  }
}

/** Runs the series to its end and answers its last state. */
export async function runAutoBet(run: AutoBetRun): Promise<AutoBetState> {
  let state = startSeries(run.settings);
  run.onState(state);
  while (!state.stop) {
    if (run.signal.aborted) {
      state = endSeries(state, abortReason(run.signal));
      break;
    }
    try {
      const outcome = await placeOnce(run, state.stakeCents);
      state = recordBet(run.settings, state, outcome);
    } catch (error) {
      if (error instanceof SeriesAborted) {
        state = endSeries(state, abortReason(run.signal));
        break;
      }
      state = endSeries(state, run.isTransient(error) ? 'network' : 'refused');
      run.onState(state, error);
      return state;
    }
    if (!state.stop && run.signal.aborted) state = endSeries(state, abortReason(run.signal));
    run.onState(state);
  }
  run.onState(state);
  return state;
}
