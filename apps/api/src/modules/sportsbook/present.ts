import type { ScoreDetailView } from '@aposta/contract';
import { oddsDecimalFromMilli, outcomes } from '@aposta/sports';
import type { MatchRow } from './catalog.repository.ts';
import type { MarketRow, SelectionRow } from './markets.repository.ts';

/** How the catalogue looks in JSON (api-contract section 11): odds and lines as decimals, times in ms. */

const outcomeOrder = new Map<string, number>(outcomes.map((outcome, index) => [outcome, index]));

export const lineOf = (lineQuarters: number | null): number | null =>
  lineQuarters === null ? null : lineQuarters / 4;

export function presentMarket(market: MarketRow, selections: readonly SelectionRow[]) {
  return {
    marketId: Number(market.id),
    type: market.type,
    period: market.period,
    line: lineOf(market.line_quarters),
    status: market.status,
    selections: selections
      .filter((selection) => selection.market_id === market.id)
      .sort((a, b) => (outcomeOrder.get(a.outcome) ?? 9) - (outcomeOrder.get(b.outcome) ?? 9))
      .map((selection) => ({
        selectionId: Number(selection.id),
        outcome: selection.outcome,
        odds: oddsDecimalFromMilli(selection.odds_milli),
        ...boostView(selection),
      })),
  };
}

/** api-contract section 19: an active boost above the selection's odds shows beside them. */
function boostView(selection: SelectionRow): { boostedOdds?: number; boostId?: number } {
  const boosted = selection.boosted_odds_milli;
  if (selection.boost_id == null || boosted == null || boosted <= selection.odds_milli) return {};
  return { boostedOdds: oddsDecimalFromMilli(boosted), boostId: Number(selection.boost_id) };
}

export type MarketView = ReturnType<typeof presentMarket>;

const scoreOf = (home: number | null, away: number | null) =>
  home === null || away === null ? null : { home, away };

export function presentMatchSummary(match: MatchRow, mainMarkets: MarketView[]) {
  return {
    matchId: Number(match.id),
    sport: match.sport,
    league: match.league,
    home: match.home,
    away: match.away,
    startTime: match.start_time.getTime(),
    period: match.period,
    score: { home: match.score_home, away: match.score_away },
    scoreDetail: (match.score_detail ?? null) as ScoreDetailView | null,
    mainMarkets,
    ...(match.runners !== null &&
      match.runners !== undefined && {
        kind: 'outright' as const,
        runners: match.runners as { id: string; name: string }[],
      }),
  };
}

/** The full-time 1X2/moneyline and the main handicap and total lines: what a match list shows. */
export function isMainMarket(market: MarketRow): boolean {
  return (
    market.period === 'full' &&
    market.status !== 'closed' &&
    (market.type === 'winAlone' ||
      market.type === 'winner' ||
      market.type === 'podium' ||
      (market.is_main && (market.type === 'handicap' || market.type === 'total')))
  );
}

export function presentMatchDetail(
  match: MatchRow,
  markets: readonly MarketRow[],
  selections: readonly SelectionRow[],
) {
  const views = markets.map((market) => presentMarket(market, selections));
  return {
    ...presentMatchSummary(
      match,
      views.filter((_view, index) => isMainMarket(markets[index]!)),
    ),
    halfTimeScore: scoreOf(match.half_time_home, match.half_time_away),
    corners: scoreOf(match.corners_home, match.corners_away),
    markets: views,
  };
}
