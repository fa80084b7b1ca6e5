import type { Tx } from '../../../db/tx.ts';
import type { MatchStateWrite } from '../catalog.repository.ts';
import { findMarkets, insertMarkets } from '../markets.repository.ts';
import type { StoredFeedMatch } from './feed.repository.ts';
import { updateMarkets, updateSelectionOdds } from './feed.repository.ts';
import type { FeedMarket, FeedState } from './feed.ts';

/** Pure comparison and diff of what a feed sends against what is stored. */

const pairEquals = (
  home: number | null,
  away: number | null,
  score: { home: number; away: number } | null,
) => (score === null ? home === null && away === null : home === score.home && away === score.away);

export function stateChanged(stored: StoredFeedMatch, state: FeedState): boolean {
  return !(
    stored.period === state.period &&
    pairEquals(stored.score_home, stored.score_away, state.score) &&
    pairEquals(stored.half_time_home, stored.half_time_away, state.halfTimeScore) &&
    pairEquals(stored.corners_home, stored.corners_away, state.corners) &&
    pairEquals(stored.half_time_corners_home, stored.half_time_corners_away, state.halfTimeCorners) &&
    pairEquals(stored.overtime_home, stored.overtime_away, state.scoreAfterOvertime) &&
    stored.winner === state.winner &&
    (state.scoreDetail === undefined ||
      canonicalJson(stored.score_detail ?? null) === canonicalJson(state.scoreDetail))
  );
}

/** JSON with sorted keys: jsonb hands keys back in its own order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

export const toStateWrite = (state: FeedState): MatchStateWrite => ({ ...state });

const keyOf = (type: string, period: string, lineQuarters: number | null) =>
  `${type}|${period}|${lineQuarters}`;

/**
 * Brings a match's stored board to the feed's board inside the caller's transaction (match locked): changed
 * odds and statuses are written in bulk, new lines inserted, stored lines the feed no longer quotes suspended.
 * A closed market stays closed. Returns the ids of the markets that changed (new ones included).
 */
export async function applyBoard(
  trx: Tx,
  matchId: bigint,
  board: readonly FeedMarket[],
): Promise<Set<bigint>> {
  const { markets, selections } = await findMarkets(trx, [matchId]);
  const stored = new Map(
    markets.map((market) => [keyOf(market.type, market.period, market.line_quarters), market]),
  );
  const selectionsOf = new Map<bigint, typeof selections>();
  for (const selection of selections) {
    const list = selectionsOf.get(selection.market_id) ?? [];
    list.push(selection);
    selectionsOf.set(selection.market_id, list);
  }
  const changed = new Set<bigint>();
  const oddsChanges: { selectionId: bigint; oddsMilli: number }[] = [];
  const marketChanges: { marketId: bigint; status: 'open' | 'suspended' | 'closed'; isMain: boolean }[] = [];
  const fresh: FeedMarket[] = [];
  const quoted = new Set<string>();
  for (const market of board) {
    const key = keyOf(market.type, market.period, market.lineQuarters);
    quoted.add(key);
    const existing = stored.get(key);
    if (!existing) {
      if (market.status !== 'closed') fresh.push(market);
      continue;
    }
    const status = existing.status === 'closed' ? 'closed' : market.status;
    let moved = false;
    for (const selection of selectionsOf.get(existing.id) ?? []) {
      const quote = market.selections.find((item) => item.outcome === selection.outcome);
      if (quote && quote.oddsMilli !== selection.odds_milli) {
        oddsChanges.push({ selectionId: selection.id, oddsMilli: quote.oddsMilli });
        moved = true;
      }
    }
    if (moved || status !== existing.status || market.isMain !== existing.is_main) {
      marketChanges.push({ marketId: existing.id, status, isMain: market.isMain });
      changed.add(existing.id);
    }
  }
  for (const [key, market] of stored) {
    if (!quoted.has(key) && (market.status === 'open' || market.is_main)) {
      marketChanges.push({
        marketId: market.id,
        status: market.status === 'open' ? 'suspended' : market.status,
        isMain: false,
      });
      changed.add(market.id);
    }
  }
  await updateMarkets(trx, marketChanges);
  await updateSelectionOdds(trx, oddsChanges);
  if (fresh.length > 0) {
    await insertMarkets(
      trx,
      matchId,
      fresh.map((market) => ({ ...market, includesOvertime: false })),
    );
    const after = await findMarkets(trx, [matchId]);
    for (const market of after.markets)
      if (!stored.has(keyOf(market.type, market.period, market.line_quarters))) changed.add(market.id);
  }
  return changed;
}
