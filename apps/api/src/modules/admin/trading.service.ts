import type { AdminMarketRecord, AdminMatchesQuery, AdminMatchRecord } from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { offsetOf, type Paging } from '../../backoffice/paging.ts';
import { notFound } from '../../lib/domain-error.ts';
import { lineOf } from '../sportsbook/present.ts';

/*
 * Liability, as a trader reads it: for each selection, what the open bets that include it would pay if it won
 * (a parlay counts in full: its other legs may win too, so this is the worst case); a market's liability is its
 * worst selection, a match's its worst market.
 */

const periodFilter = {
  upcoming: sql<boolean>`m.period = 0`,
  live: sql<boolean>`m.period BETWEEN 1 AND 5`,
  finished: sql<boolean>`m.period < 0`,
  all: sql<boolean>`true`,
};

export async function listTradingMatches(ctx: AppContext, query: AdminMatchesQuery, paging: Paging) {
  const filter = periodFilter[query.status ?? 'all'];
  const sport = query.sport ? sql`AND m.sport = ${query.sport}` : sql``;
  const rows = await sql<{
    id: string;
    sport: string;
    league: string;
    home: string;
    away: string;
    start_time: Date;
    period: number;
    feed: string;
    score_home: number;
    score_away: number;
    open_markets: string;
    suspended_markets: string;
    open_bets: string;
    open_stakes: string;
    liability: string;
    total: string;
  }>`SELECT m.id::text, m.sport, l.name AS league, m.home, m.away, m.start_time, m.period, m.feed,
        m.score_home, m.score_away,
        (SELECT count(*) FROM sports_markets k WHERE k.match_id = m.id AND k.status = 'open') AS open_markets,
        (SELECT count(*) FROM sports_markets k WHERE k.match_id = m.id AND k.status = 'suspended') AS suspended_markets,
        COALESCE(open_bets.n, 0) AS open_bets, COALESCE(open_bets.stakes, 0) AS open_stakes,
        COALESCE((SELECT max(per_selection.payout) FROM (
            SELECT sum(b.potential_payout_cents) AS payout
              FROM sports_bet_legs g JOIN sports_bets b ON b.id = g.bet_id
             WHERE g.match_id = m.id AND b.result = 0
             GROUP BY g.selection_id) per_selection), 0) AS liability,
        count(*) OVER () AS total
      FROM sports_matches m
      JOIN sports_leagues l ON l.id = m.league_id
      LEFT JOIN LATERAL (
        SELECT count(*) AS n, sum(b.stake_cents) AS stakes
          FROM sports_bet_legs g JOIN sports_bets b ON b.id = g.bet_id
         WHERE g.match_id = m.id AND b.result = 0) open_bets ON true
     WHERE ${filter} ${sport}
     ORDER BY m.start_time DESC, m.id DESC
     LIMIT ${paging.size} OFFSET ${offsetOf(paging)}`.execute(ctx.db);
  const records: AdminMatchRecord[] = rows.rows.map((row) => ({
    matchId: Number(row.id),
    sport: row.sport,
    league: row.league,
    home: row.home,
    away: row.away,
    startTime: new Date(row.start_time).getTime(),
    period: row.period,
    feed: row.feed,
    score: { home: row.score_home, away: row.score_away },
    openMarkets: Number(row.open_markets),
    suspendedMarkets: Number(row.suspended_markets),
    openBets: Number(row.open_bets),
    openStakes: centsToReais(BigInt(row.open_stakes)),
    liability: centsToReais(BigInt(row.liability)),
  }));
  return { records, total: rows.rows[0] ? Number(rows.rows[0].total) : 0 };
}

export async function tradingMarkets(ctx: AppContext, matchId: bigint): Promise<AdminMarketRecord[]> {
  const match = await ctx.db
    .selectFrom('sports_matches')
    .select('id')
    .where('id', '=', matchId)
    .executeTakeFirst();
  if (!match) throw notFound();
  const rows = await sql<{
    market_id: string;
    type: string;
    period: string;
    line_quarters: number | null;
    status: string;
    selection_id: string;
    outcome: string;
    odds_milli: number;
    stakes: string;
    payout: string;
  }>`SELECT k.id::text AS market_id, k.type, k.period, k.line_quarters, k.status,
        s.id::text AS selection_id, s.outcome, s.odds_milli,
        COALESCE(open_bets.stakes, 0)::text AS stakes, COALESCE(open_bets.payout, 0)::text AS payout
      FROM sports_markets k
      JOIN sports_selections s ON s.market_id = k.id
      LEFT JOIN LATERAL (
        SELECT sum(b.stake_cents) AS stakes, sum(b.potential_payout_cents) AS payout
          FROM sports_bet_legs g JOIN sports_bets b ON b.id = g.bet_id
         WHERE g.match_id = ${matchId} AND g.selection_id = s.id AND b.result = 0) open_bets ON true
     WHERE k.match_id = ${matchId}
     ORDER BY k.id, s.id`.execute(ctx.db);
  const markets = new Map<string, AdminMarketRecord & { worst: bigint }>();
  for (const row of rows.rows) {
    let market = markets.get(row.market_id);
    if (!market) {
      market = {
        marketId: Number(row.market_id),
        type: row.type,
        period: row.period,
        line: lineOf(row.line_quarters),
        status: row.status,
        selections: [],
        liability: 0,
        worst: 0n,
      };
      markets.set(row.market_id, market);
    }
    const payout = BigInt(row.payout);
    market.selections.push({
      selectionId: Number(row.selection_id),
      outcome: row.outcome,
      odds: row.odds_milli / 1000,
      stakes: centsToReais(BigInt(row.stakes)),
      payout: centsToReais(payout),
    });
    if (payout > market.worst) market.worst = payout;
  }
  return [...markets.values()].map(({ worst, ...market }) => ({ ...market, liability: centsToReais(worst) }));
}
