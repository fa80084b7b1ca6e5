import type {
  MarketView as Market,
  MatchDetail,
  MatchesAnswer as MatchesPage,
  MatchStateEvent,
  MatchSummary,
} from '@aposta/contract';
import type { OddsUpdate } from './odds-batcher';

// Pure patches of cached server data by socket events. Each returns the SAME object when nothing
// changed, so the cache is only written (and pages only re-render) when something did.

function sameSelections(a: Market['selections'], b: Market['selections']): boolean {
  return (
    a.length === b.length &&
    a.every((selection, index) => {
      const other = b[index];
      return (
        other?.selectionId === selection.selectionId &&
        other.odds === selection.odds &&
        other.boostedOdds === selection.boostedOdds
      );
    })
  );
}

function mergeMarket(market: Market, update: OddsUpdate): Market {
  const selections = market.selections.map((selection) => {
    const next = update.selections.find((candidate) => candidate.selectionId === selection.selectionId);
    if (!next || (next.odds === selection.odds && next.boostedOdds === selection.boostedOdds))
      return selection;
    // A boost starting or ending comes with the odds (api-contract section 19).
    const { boostedOdds: _boosted, boostId: _boost, ...plain } = selection;
    return next.boostedOdds === undefined
      ? { ...plain, odds: next.odds }
      : {
          ...plain,
          odds: next.odds,
          boostedOdds: next.boostedOdds,
          ...(next.boostId !== undefined && { boostId: next.boostId }),
        };
  });
  const status = update.status ?? market.status;
  if (status === market.status && sameSelections(selections, market.selections)) return market;
  return { ...market, status, selections };
}

/**
 * Applies odds updates to a list of markets. A market the list does not have yet (a new line the feed
 * opened) is added when `addNew` is set and the update says what it is; a closed one stays, closed.
 */
export function patchMarkets(markets: Market[], updates: readonly OddsUpdate[], addNew: boolean): Market[] {
  let changed = false;
  const byId = new Map(updates.map((update) => [update.marketId, update]));
  const next = markets.map((market) => {
    const update = byId.get(market.marketId);
    if (!update) return market;
    byId.delete(market.marketId);
    const merged = mergeMarket(market, update);
    if (merged !== market) changed = true;
    return merged;
  });
  if (addNew) {
    for (const update of byId.values()) {
      // The event carries the whole market view (contract OddsEvent), so a new line is added as sent.
      if (update.status === 'closed') continue;
      next.push(update);
      changed = true;
    }
  }
  return changed ? next : markets;
}

export function patchMatchDetailOdds(match: MatchDetail, updates: readonly OddsUpdate[]): MatchDetail {
  const markets = patchMarkets(match.markets, updates, true);
  const mainMarkets = patchMarkets(match.mainMarkets, updates, false);
  if (markets === match.markets && mainMarkets === match.mainMarkets) return match;
  return { ...match, markets, mainMarkets };
}

function patchSummaryOdds(match: MatchSummary, updates: readonly OddsUpdate[]): MatchSummary {
  const mainMarkets = patchMarkets(match.mainMarkets, updates, false);
  return mainMarkets === match.mainMarkets ? match : { ...match, mainMarkets };
}

function patchState<T extends MatchSummary>(match: T, state: MatchStateEvent): T {
  // An event without a detail (an older server) keeps the one the page has.
  const scoreDetail = state.scoreDetail === undefined ? match.scoreDetail : state.scoreDetail;
  if (
    match.period === state.period &&
    match.score.home === state.score.home &&
    match.score.away === state.score.away &&
    JSON.stringify(match.scoreDetail) === JSON.stringify(scoreDetail)
  ) {
    return match;
  }
  return {
    ...match,
    period: state.period,
    score: { home: state.score.home, away: state.score.away },
    scoreDetail,
  };
}

export function patchMatchDetailState(match: MatchDetail, state: MatchStateEvent): MatchDetail {
  return match.matchId === state.matchId ? patchState(match, state) : match;
}

/** The infinite match list's pages, patched per match; untouched pages keep their identity. */
export interface MatchPages {
  pages: MatchesPage[];
  pageParams: unknown[];
}

function patchPages(data: MatchPages, patch: (match: MatchSummary) => MatchSummary): MatchPages {
  let changed = false;
  const pages = data.pages.map((page) => {
    let pageChanged = false;
    const records = page.records.map((match) => {
      const next = patch(match);
      if (next !== match) pageChanged = true;
      return next;
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, records };
  });
  return changed ? { ...data, pages } : data;
}

export function patchMatchPagesOdds(
  data: MatchPages,
  byMatch: ReadonlyMap<number, OddsUpdate[]>,
): MatchPages {
  return patchPages(data, (match) => {
    const updates = byMatch.get(match.matchId);
    return updates ? patchSummaryOdds(match, updates) : match;
  });
}

export function patchMatchPagesState(data: MatchPages, state: MatchStateEvent): MatchPages {
  return patchPages(data, (match) => (match.matchId === state.matchId ? patchState(match, state) : match));
}

/** The match's period before the event, when a cached list or page has it. */
export function cachedPeriod(
  data: MatchPages | MatchDetail | undefined,
  matchId: number,
): number | undefined {
  if (!data) return undefined;
  if ('pages' in data) {
    for (const page of data.pages) {
      const match = page.records.find((record) => record.matchId === matchId);
      if (match) return match.period;
    }
    return undefined;
  }
  return data.matchId === matchId ? data.period : undefined;
}
