import type { BetSettledEvent, MatchDetail, MatchStateEvent, OddsEvent } from '@aposta/contract';
import { queryClient } from '../../lib/query-client';
import { betsQueryScope, matchesQueryScope, matchQueryKey, sportsListQueryKey } from './api/keys';
import {
  cachedPeriod,
  type MatchPages,
  patchMatchDetailOdds,
  patchMatchDetailState,
  patchMatchPagesOdds,
  patchMatchPagesState,
} from './logic/cache-patch';
import { browserScheduler, createOddsBatcher, type OddsUpdate } from './logic/odds-batcher';
import { isLive } from './logic/vocabulary';

// The sportsbook's socket events (api-contract.md section 11), wired in app/realtime.ts. They patch the
// query cache in place (the cache owns the data, there is no second copy), so whatever page shows a
// match re-renders with the new odds or score; odds are applied in batches (logic/odds-batcher.ts).

function applyOdds(byMatch: ReadonlyMap<number, OddsUpdate[]>): void {
  for (const [queryKey, data] of queryClient.getQueriesData<MatchPages>({ queryKey: matchesQueryScope })) {
    if (!data) continue;
    const next = patchMatchPagesOdds(data, byMatch);
    if (next !== data) queryClient.setQueryData(queryKey, next);
  }
  for (const [matchId, updates] of byMatch) {
    const key = matchQueryKey(matchId);
    const match = queryClient.getQueryData<MatchDetail>(key);
    if (!match) continue;
    const next = patchMatchDetailOdds(match, updates);
    if (next !== match) queryClient.setQueryData(key, next);
  }
}

const oddsBatcher = createOddsBatcher(applyOdds, browserScheduler);

function isMatchState(payload: unknown): payload is MatchStateEvent {
  const event = payload as Partial<MatchStateEvent> | null;
  return (
    Number.isInteger(event?.matchId) &&
    Number.isInteger(event?.period) &&
    Number.isInteger(event?.score?.home) &&
    Number.isInteger(event?.score?.away)
  );
}

function applyMatchState(state: MatchStateEvent): void {
  // Odds queued before this state belong before it: apply them first.
  oddsBatcher.flush();
  const detailKey = matchQueryKey(state.matchId);
  const detail = queryClient.getQueryData<MatchDetail>(detailKey);
  let previous = cachedPeriod(detail, state.matchId);
  if (detail) {
    const next = patchMatchDetailState(detail, state);
    if (next !== detail) queryClient.setQueryData(detailKey, next);
  }
  for (const [queryKey, data] of queryClient.getQueriesData<MatchPages>({ queryKey: matchesQueryScope })) {
    if (!data) continue;
    previous ??= cachedPeriod(data, state.matchId);
    const next = patchMatchPagesState(data, state);
    if (next !== data) queryClient.setQueryData(queryKey, next);
  }
  // A match that started or ended moves between the live and upcoming lists and changes the counts.
  if (previous !== undefined && (isLive(previous) !== isLive(state.period) || state.period < 0)) {
    void queryClient.invalidateQueries({ queryKey: matchesQueryScope });
    void queryClient.invalidateQueries({ queryKey: sportsListQueryKey });
  }
}

function isBetSettled(payload: unknown): payload is BetSettledEvent {
  const event = payload as Partial<BetSettledEvent> | null;
  return (
    Number.isInteger(event?.betId) && Number.isInteger(event?.result) && typeof event?.payout === 'number'
  );
}

function announceSettlement(event: BetSettledEvent): void {
  void queryClient.invalidateQueries({ queryKey: betsQueryScope });
  void import('./settle-toast').then(({ showSettlementToast }) => showSettlementToast(event));
}

/** Socket handlers, merged into the socket's handler table by app/realtime.ts. */
export const sportsEventHandlers = {
  odds(payload: unknown) {
    if (typeof payload === 'object' && payload !== null) oddsBatcher.push(payload as OddsEvent);
  },
  matchState(payload: unknown) {
    if (isMatchState(payload)) applyMatchState(payload);
  },
  betSettled(payload: unknown) {
    if (isBetSettled(payload)) void announceSettlement(payload);
  },
};
