import type { MatchStateEvent, OddsEvent } from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';
import type { MarketView } from './present.ts';

/**
 * Live events of the sportsbook (api-contract section 11). `odds` is batched: market changes are collected per
 * match and sent as one `{ matchId, markets }` per match at most every `flushMs`, so a repricing of 60 markets
 * is one message, not 60. `matchState` and `betSettled` go out at once.
 */
export class SportsbookEvents {
  readonly #ctx: AppContext;
  readonly #flushMs: number;
  readonly #pending = new Map<number, Map<number, MarketView>>();
  #timer: NodeJS.Timeout | undefined;
  /** Called after each flush with the matches whose odds went out (auto cash-out, decision 0063). */
  afterFlush: ((matchIds: bigint[]) => void) | undefined;

  constructor(ctx: AppContext, flushMs = 250) {
    this.#ctx = ctx;
    this.#flushMs = flushMs;
  }

  /** Queues changed markets of a match (the latest view of a market wins). */
  queueOdds(matchId: number, markets: readonly MarketView[]): void {
    if (markets.length === 0) return;
    let byMarket = this.#pending.get(matchId);
    if (!byMarket) {
      byMarket = new Map();
      this.#pending.set(matchId, byMarket);
    }
    for (const market of markets) byMarket.set(market.marketId, market);
    this.#timer ??= setTimeout(() => this.flush(), this.#flushMs);
    this.#timer.unref?.();
  }

  /** Sends what is queued now. */
  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    const pending = [...this.#pending.entries()];
    this.#pending.clear();
    for (const [matchId, byMarket] of pending) {
      this.#ctx.realtime.broadcast('odds', {
        matchId,
        markets: [...byMarket.values()].map((market) => ({
          marketId: market.marketId,
          type: market.type,
          period: market.period,
          line: market.line,
          status: market.status,
          selections: market.selections,
        })),
      } satisfies OddsEvent);
    }
    if (pending.length > 0) this.afterFlush?.(pending.map(([matchId]) => BigInt(matchId)));
  }

  matchState(payload: MatchStateEvent): void {
    this.#ctx.realtime.broadcast('matchState', payload);
  }

  close(): void {
    this.flush();
  }
}
