import { sql } from 'kysely';
import type { MarketStatus } from '../../db/schema.sportsbook.ts';
import type { Tx } from '../../db/tx.ts';
import type { Executor } from './catalog.repository.ts';

/** SQL of markets and selections: the board of a match. */

export interface MarketRow {
  id: bigint;
  match_id: bigint;
  type: string;
  period: 'full' | 'firstHalf';
  line_quarters: number | null;
  includes_overtime: boolean;
  is_main: boolean;
  status: MarketStatus;
}

export interface SelectionRow {
  id: bigint;
  market_id: bigint;
  outcome: string;
  odds_milli: number;
  /** The selection's active odds boost, if any (boosts.service.ts). */
  boost_id?: bigint | null;
  boosted_odds_milli?: number | null;
}

/** Live and upcoming counts of every sport, in the catalogue's order (sports without matches count 0). */
/** Markets of some matches with their selections; `mainOnly` keeps the full-time 1X2 and main lines. */
export async function findMarkets(
  db: Executor,
  matchIds: readonly bigint[],
  options: { mainOnly?: boolean } = {},
): Promise<{ markets: MarketRow[]; selections: SelectionRow[] }> {
  if (matchIds.length === 0) return { markets: [], selections: [] };
  let query = db
    .selectFrom('sports_markets')
    .select(['id', 'match_id', 'type', 'period', 'line_quarters', 'includes_overtime', 'is_main', 'status'])
    .where('match_id', 'in', matchIds);
  if (options.mainOnly) {
    query = query
      .where('period', '=', 'full')
      .where('status', '<>', 'closed')
      .where((eb) => eb.or([eb('type', '=', 'winAlone'), eb('is_main', '=', true)]))
      // A race's winner and podium books are its main markets.
      .where('type', 'in', ['winAlone', 'handicap', 'total', 'winner', 'podium']);
  }
  const markets = (await query
    .orderBy('match_id')
    .orderBy('period')
    .orderBy('type')
    .orderBy('line_quarters')
    .limit(2000)
    .execute()) as MarketRow[];
  if (markets.length === 0) return { markets, selections: [] };
  const selections = await db
    .selectFrom('sports_selections as s')
    .leftJoin('sports_boosts as b', (join) =>
      join.onRef('b.selection_id', '=', 's.id').on('b.status', '=', 'active'),
    )
    .select(['s.id', 's.market_id', 's.outcome', 's.odds_milli', 'b.id as boost_id', 'b.boosted_odds_milli'])
    .where(
      's.market_id',
      'in',
      markets.map((market) => market.id),
    )
    .orderBy('s.id')
    .execute();
  return { markets, selections };
}

export interface NewMarket {
  type: string;
  period: 'full' | 'firstHalf';
  lineQuarters: number | null;
  includesOvertime: boolean;
  isMain: boolean;
  status: MarketStatus;
  selections: readonly { outcome: string; oddsMilli: number }[];
}

/** Inserts markets with their selections (a market already there by type, period and line is skipped). */
export async function insertMarkets(trx: Tx, matchId: bigint, markets: readonly NewMarket[]): Promise<void> {
  if (markets.length === 0) return;
  const inserted = await trx
    .insertInto('sports_markets')
    .values(
      markets.map((market) => ({
        match_id: matchId,
        type: market.type,
        period: market.period,
        line_quarters: market.lineQuarters,
        includes_overtime: market.includesOvertime,
        is_main: market.isMain,
        status: market.status,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'type', 'period', 'line_quarters'])
    .execute();
  const keyOf = (type: string, period: string, line: number | null) => `${type}|${period}|${line}`;
  const byKey = new Map(
    markets.map((market) => [keyOf(market.type, market.period, market.lineQuarters), market]),
  );
  const selections = inserted.flatMap((row) =>
    (byKey.get(keyOf(row.type, row.period, row.line_quarters))?.selections ?? []).map((selection) => ({
      market_id: row.id,
      outcome: selection.outcome,
      odds_milli: selection.oddsMilli,
    })),
  );
  if (selections.length > 0) await trx.insertInto('sports_selections').values(selections).execute();
}

/** Sets a market's status (the match is locked by the caller); undefined when there is no such market. */
export async function updateMarketStatus(trx: Tx, marketId: bigint, status: MarketStatus) {
  return trx
    .updateTable('sports_markets')
    .set({ status, version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', '=', marketId)
    .returning(['id', 'match_id'])
    .executeTakeFirst();
}

export async function findMarketMatchId(db: Executor, marketId: bigint): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('sports_markets')
    .select('match_id')
    .where('id', '=', marketId)
    .executeTakeFirst();
  return row?.match_id;
}

/** Closes every market of a match that is not closed yet (the match ended or was called off). */
export async function closeMarkets(trx: Tx, matchId: bigint, period?: 'firstHalf'): Promise<bigint[]> {
  let query = trx
    .updateTable('sports_markets')
    .set({ status: 'closed', version: sql`version + 1`, updated_at: sql`now()` })
    .where('match_id', '=', matchId)
    .where('status', '<>', 'closed');
  if (period) query = query.where('period', '=', period);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}
