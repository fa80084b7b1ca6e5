import type { MarketView as Market, MarketStatusCode as MarketStatus, MatchDetail } from '@aposta/contract';
import { useSyncExternalStore } from 'react';
import { queryClient } from '../../../lib/query-client';
import { matchesQueryScope, matchQueryKey } from '../api/keys';
import type { MatchPages } from '../logic/cache-patch';

// The current price and status of a pick, read from the query cache (the match page's or the list's
// copy, whichever is loaded): the slip shows it beside the odds the player agreed to, without keeping
// a copy of its own.

function findIn(markets: readonly Market[], selectionId: number): string | undefined {
  for (const market of markets) {
    const selection = market.selections.find((candidate) => candidate.selectionId === selectionId);
    // A boosted pick is placed at its boosted price (api-contract section 19).
    if (selection) return `${selection.boostedOdds ?? selection.odds}|${market.status}`;
  }
  return undefined;
}

function snapshot(matchId: number, selectionId: number): string {
  const detail = queryClient.getQueryData<MatchDetail>(matchQueryKey(matchId));
  const fromDetail = detail ? findIn(detail.markets, selectionId) : undefined;
  if (fromDetail) return fromDetail;
  for (const [, data] of queryClient.getQueriesData<MatchPages>({ queryKey: matchesQueryScope })) {
    for (const page of data?.pages ?? []) {
      const match = page.records.find((record) => record.matchId === matchId);
      const found = match ? findIn(match.mainMarkets, selectionId) : undefined;
      if (found) return found;
    }
  }
  return '';
}

const subscribe = (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange);

export interface LiveSelection {
  odds: number;
  status: MarketStatus;
}

function parse(text: string): LiveSelection | undefined {
  if (!text) return undefined;
  const [odds, status] = text.split('|');
  return { odds: Number(odds), status: status as MarketStatus };
}

export function useLiveSelection(matchId: number, selectionId: number): LiveSelection | undefined {
  return parse(useSyncExternalStore(subscribe, () => snapshot(matchId, selectionId)));
}

/** "period|home|away" of a match from whichever copy is loaded, or ''. */
function matchStateSnapshot(matchId: number): string {
  const detail = queryClient.getQueryData<MatchDetail>(matchQueryKey(matchId));
  if (detail) return `${detail.period}|${detail.score.home}|${detail.score.away}`;
  for (const [, data] of queryClient.getQueriesData<MatchPages>({ queryKey: matchesQueryScope })) {
    for (const page of data?.pages ?? []) {
      const match = page.records.find((record) => record.matchId === matchId);
      if (match) return `${match.period}|${match.score.home}|${match.score.away}`;
    }
  }
  return '';
}

/** Where a pick's match stands now (its period and score), live over the socket like the odds. */
export function useLiveMatchState(
  matchId: number,
): { period: number; score: { home: number; away: number } } | undefined {
  const text = useSyncExternalStore(subscribe, () => matchStateSnapshot(matchId));
  if (!text) return undefined;
  const [period, home, away] = text.split('|').map(Number);
  return { period: period!, score: { home: home!, away: away! } };
}

/** The current price of every pick of the slip, in its order (the totals follow them). */
export function useLiveSelections(
  picks: readonly { matchId: number; selectionId: number }[],
): (LiveSelection | undefined)[] {
  const text = useSyncExternalStore(subscribe, () =>
    picks.map((pick) => snapshot(pick.matchId, pick.selectionId)).join(';'),
  );
  return picks.length === 0 ? [] : text.split(';').map(parse);
}
