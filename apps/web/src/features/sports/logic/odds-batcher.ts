import type { OddsEvent } from '@aposta/contract';

// Live odds arrive as socket `odds` events, one per match, several a second on a busy evening. Applying
// each at once would re-render the match list and every odds button each time, so events are merged
// (the latest view of a market wins) and applied together at most once per interval, on an animation
// frame so the work lands between paints. The pending set is bounded by the markets on offer, since a
// market's newer view replaces its older one.

export const oddsFlushIntervalMs = 250;

export type OddsUpdate = OddsEvent['markets'][number];

export interface OddsBatcherScheduler {
  /** Runs `callback` after `delayMs` (setTimeout). */
  delay(callback: () => void, delayMs: number): void;
  /** Runs `callback` before the next paint (requestAnimationFrame). */
  frame(callback: () => void): void;
}

export interface OddsBatcher {
  push(event: OddsEvent): void;
  /** Applies what is pending now (tests, and leaving a page). */
  flush(): void;
}

export function createOddsBatcher(
  apply: (byMatch: ReadonlyMap<number, OddsUpdate[]>) => void,
  scheduler: OddsBatcherScheduler,
  intervalMs = oddsFlushIntervalMs,
): OddsBatcher {
  let pending = new Map<number, Map<number, OddsUpdate>>();
  let scheduled = false;

  function flush(): void {
    scheduled = false;
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    apply(new Map([...batch].map(([matchId, markets]) => [matchId, [...markets.values()]])));
  }

  return {
    push(event) {
      if (!Number.isInteger(event.matchId) || !Array.isArray(event.markets)) return;
      let markets = pending.get(event.matchId);
      if (!markets) {
        markets = new Map();
        pending.set(event.matchId, markets);
      }
      for (const market of event.markets) {
        if (Number.isInteger(market?.marketId)) markets.set(market.marketId, market);
      }
      if (scheduled) return;
      scheduled = true;
      scheduler.delay(() => scheduler.frame(flush), intervalMs);
    },
    flush,
  };
}

/** The browser's scheduler; a hidden tab gets no frames, so the timer alone applies the batch there. */
export const browserScheduler: OddsBatcherScheduler = {
  delay: (callback, delayMs) => {
    globalThis.setTimeout(callback, delayMs);
  },
  frame: (callback) => {
    if (typeof document !== 'undefined' && document.visibilityState === 'visible') {
      globalThis.requestAnimationFrame(() => callback());
    } else callback();
  },
};
