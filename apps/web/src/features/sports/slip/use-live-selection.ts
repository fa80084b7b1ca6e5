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
    if (selection) return `${selection.odds}|${market.status}`;
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

export function useLiveSelection(
  matchId: number,
  selectionId: number,
): { odds: number; status: MarketStatus } | undefined {
  const text = useSyncExternalStore(subscribe, () => snapshot(matchId, selectionId));
  if (!text) return undefined;
  const [odds, status] = text.split('|');
  return { odds: Number(odds), status: status as MarketStatus };
}
