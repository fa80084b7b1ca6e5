import { type CashoutLeg, cashoutValueCents, createRng } from '@aposta/sports';
import { DEFAULT_SPORTSBOOK_CONFIG } from '../apps/api/src/config/sportsbook.config.ts';

/**
 * Cash-out values for every open bet as odds move (issue 17's bench): 10,000 open bets (singles and parlays of
 * up to four legs) on 300 live matches of three markets each; every feed tick moves every price and each bet's
 * value is recomputed from the current odds, exactly as `cashoutValueCents` prices a quote. Target: every open
 * bet refreshed within one feed tick (SPORTSBOOK_FEED_TICK_MS, 2 s by default). Pure CPU: no database.
 */
export interface CashoutBenchResult {
  bets: number;
  ticks: number;
  quotesPerSecond: number;
  worstTickMs: number;
  feedTickMs: number;
  withinTick: boolean;
}

interface Market {
  odds: number[];
}

export function runCashoutBench(bets = 10_000, ticks = 10): CashoutBenchResult {
  const rng = createRng(17);
  const markets: Market[] = Array.from({ length: 900 }, (_, i) => ({
    odds: i % 3 === 0 ? [2100, 3400, 3500] : [1900, 1900],
  }));
  const open = Array.from({ length: bets }, () => {
    const legs = 1 + Math.floor(rng() ** 2 * 4);
    return {
      stakeCents: BigInt(100 + Math.floor(rng() * 50_000)),
      legs: Array.from({ length: legs }, () => {
        const market = Math.floor(rng() * markets.length);
        const pick = Math.floor(rng() * markets[market]!.odds.length);
        return { market, pick, oddsMilli: markets[market]!.odds[pick]! };
      }),
    };
  });
  const margin = DEFAULT_SPORTSBOOK_CONFIG.cashoutMarginBasisPoints;
  let worstTickMs = 0;
  let quotes = 0;
  let checksum = 0n;
  const started = performance.now();
  for (let tick = 0; tick < ticks; tick++) {
    // The feed moves every price a little (two decimals, never under 1.01).
    for (const market of markets) {
      market.odds = market.odds.map((odds) =>
        Math.max(1010, Math.round((odds * (0.97 + rng() * 0.06)) / 10) * 10),
      );
    }
    const tickStart = performance.now();
    for (const bet of open) {
      const legs: CashoutLeg[] = bet.legs.map((leg) => {
        const odds = markets[leg.market]!.odds;
        return {
          state: 'open',
          oddsMilli: leg.oddsMilli,
          currentOddsMilli: odds[leg.pick]!,
          otherOddsMilli: odds.filter((_, index) => index !== leg.pick),
        };
      });
      checksum += cashoutValueCents(bet.stakeCents, legs, margin) ?? 0n;
      quotes++;
    }
    worstTickMs = Math.max(worstTickMs, performance.now() - tickStart);
  }
  const seconds = (performance.now() - started) / 1000;
  if (checksum < 0n) throw new Error('impossible');
  const feedTickMs = DEFAULT_SPORTSBOOK_CONFIG.feedTickMs;
  return {
    bets,
    ticks,
    quotesPerSecond: Math.round(quotes / seconds),
    worstTickMs: Math.round(worstTickMs),
    feedTickMs,
    withinTick: worstTickMs < feedTickMs,
  };
}

if (import.meta.main) {
  const result = runCashoutBench();
  console.log(
    `cash-out values: ${result.bets} open bets × ${result.ticks} ticks, ${result.quotesPerSecond} quotes/s, ` +
      `worst tick ${result.worstTickMs} ms (feed tick ${result.feedTickMs} ms: ${result.withinTick ? 'within' : 'OVER'})`,
  );
}
