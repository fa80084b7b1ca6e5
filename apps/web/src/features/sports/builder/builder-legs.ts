import type { MarketView as Market, MatchDetail } from '@aposta/contract';

/*
 * Which picks the bet builder takes (decision 0062), as the server decides them: football only; 1X2, odd/even, and
 * handicaps and totals on half lines (x.5: no push, no split stake); open markets. Two picks of one market are
 * refused, so picking a second outcome of a market replaces the first.
 */

export const BUILDER_LEGS_MAX = 12;
export const builderSports: readonly string[] = ['football'];

const isHalfLine = (line: number | null) => line !== null && Math.abs(line * 2) % 2 === 1;

export function builderMarket(market: Market): boolean {
  if (market.status === 'closed') return false;
  if (market.type === 'winAlone' || market.type === 'oddEven') return true;
  return (
    ['total', 'handicap', 'cornersTotal', 'cornersHandicap'].includes(market.type) && isHalfLine(market.line)
  );
}

/** A match the builder is offered on: a football match not over (periods 0–5). */
export function builderOffered(match: Pick<MatchDetail, 'sport' | 'period' | 'kind'>): boolean {
  return (
    builderSports.includes(match.sport) && match.kind !== 'outright' && match.period >= 0 && match.period <= 5
  );
}

export interface BuilderGroup {
  key: string;
  type: string;
  period: string;
  markets: Market[];
}

const typeOrder = ['winAlone', 'total', 'handicap', 'oddEven', 'cornersTotal', 'cornersHandicap'];

/** The builder's markets by period (full time first) and type, lines ascending. */
export function builderGroups(markets: readonly Market[]): BuilderGroup[] {
  const groups: BuilderGroup[] = [];
  for (const period of ['full', 'firstHalf'])
    for (const type of typeOrder) {
      const chosen = markets
        .filter((market) => market.period === period && market.type === type && builderMarket(market))
        .sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
      if (chosen.length > 0) groups.push({ key: `${period}:${type}`, type, period, markets: chosen });
    }
  return groups;
}

/** Toggles a pick: off if chosen; else on, replacing another pick of its market; at most 12 legs. */
export function togglePick(
  picks: readonly { selectionId: number; marketId: number }[],
  pick: { selectionId: number; marketId: number },
): { selectionId: number; marketId: number }[] {
  if (picks.some((item) => item.selectionId === pick.selectionId))
    return picks.filter((item) => item.selectionId !== pick.selectionId);
  const others = picks.filter((item) => item.marketId !== pick.marketId);
  if (others.length >= BUILDER_LEGS_MAX) return [...picks];
  return [...others, pick];
}

/** The server's reason for refusing a combination, as the key of its explanation. */
export function refusalKey(data: unknown): string {
  const reason = (data as { reason?: unknown } | null | undefined)?.reason;
  const known = ['contradictory', 'sameMarket', 'leg', 'sport', 'count', 'certain', 'closed', 'otherMatch'];
  return typeof reason === 'string' && known.includes(reason) ? `refused.${reason}` : 'refused.other';
}
