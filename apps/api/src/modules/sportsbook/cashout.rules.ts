import { type CashoutLeg, equivalentHandicapQuarters, type SettledResultCode } from '@aposta/sports';
import type { CashoutLegRow, MarketOddsRow } from './cashout.repository.ts';

/**
 * Which market prices each leg of a bet now, for cash-out. A settled leg counts its result; an open one needs its
 * match still on (not ended, cancelled or stopped) and its market open. An in-play handicap after a score change
 * is priced on the current market whose line is shifted by the change of margin (its goals count from placement,
 * the market's from now). Null: cash-out is not offered (also on any open outright leg).
 */
export function cashoutLegs(
  legs: readonly CashoutLegRow[],
  markets: readonly MarketOddsRow[],
): CashoutLeg[] | null {
  const result: CashoutLeg[] = [];
  for (const leg of legs) {
    if (leg.result !== 0) {
      result.push({ state: 'decided', oddsMilli: leg.odds_milli, result: leg.result as SettledResultCode });
      continue;
    }
    if (leg.match_period < 0 || leg.match_period > 5) return null;
    // Outright legs (racing) are not bought back: a podium book sums to three, and the fair-value removal of the
    // overround assumes a book that sums to one (decision 0027).
    if (leg.type === 'winner' || leg.type === 'podium') return null;
    let marketId = leg.market_id;
    const current = { home: leg.score_home, away: leg.score_away };
    const placement = { home: leg.placement_home, away: leg.placement_away };
    if (leg.type === 'handicap' && leg.line_quarters !== null && leg.match_period > 0) {
      const line = equivalentHandicapQuarters(leg.line_quarters, placement, current);
      const match = markets.find(
        (row) =>
          row.match_id === leg.match_id &&
          row.type === 'handicap' &&
          row.period === leg.period &&
          row.line_quarters === line,
      );
      if (!match) return null;
      marketId = match.market_id;
    }
    const selections = markets.filter((row) => row.market_id === marketId);
    if (selections.length < 2 || selections.some((row) => row.status !== 'open')) return null;
    const pick = selections.find((row) => row.outcome === leg.outcome);
    if (!pick) return null;
    result.push({
      state: 'open',
      // A boosted leg is bought back at its normal odds: the boost is paid only if the leg wins (decision 0063),
      // else a boost would be cash in hand the moment the bet is placed.
      oddsMilli: leg.normal_odds_milli ?? leg.odds_milli,
      currentOddsMilli: pick.odds_milli,
      otherOddsMilli: selections.filter((row) => row !== pick).map((row) => row.odds_milli),
    });
  }
  return result;
}

/** `fraction` as sent (0 < f ≤ 1, two decimals) in hundredths, or null when it is not such a number. */
export function fractionHundredths(fraction: number): number | null {
  const hundredths = Math.round(fraction * 100);
  if (!Number.isFinite(fraction) || Math.abs(fraction * 100 - hundredths) > 1e-6) return null;
  return hundredths >= 1 && hundredths <= 100 ? hundredths : null;
}
