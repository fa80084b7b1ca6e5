import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { MarketStatus } from '../../db/schema.sportsbook.ts';
import type { Tx } from '../../db/tx.ts';
import type { MatchRecord } from './match.types.ts';

/** SQL of bet placement and the player's bet list; every read of bets is scoped to the owner. */

export async function matchIdsOfSelections(trx: Tx, selectionIds: readonly bigint[]): Promise<bigint[]> {
  const rows = await trx
    .selectFrom('sports_selections as s')
    .innerJoin('sports_markets as m', 'm.id', 's.market_id')
    .select('m.match_id')
    .distinct()
    .where('s.id', 'in', selectionIds)
    .execute();
  return rows.map((row) => row.match_id);
}

/** What a bet reads of a match under its share lock (a pick of the one match row, `MatchRecord`). */
export type LockedMatch = Pick<MatchRecord, 'id' | 'period' | 'score_home' | 'score_away'> & {
  sport: string;
};

/**
 * Share-locks the matches, then the markets of the picked selections, in id order: a writer (state, status,
 * odds) locks the match first and then its markets, so the two orders agree and a bet commits only against the
 * status and odds it read.
 */
export async function lockMatchesShared(trx: Tx, matchIds: readonly bigint[]): Promise<LockedMatch[]> {
  return trx
    .selectFrom('sports_matches')
    .select(['id', 'sport', 'period', 'score_home', 'score_away'])
    .where('id', 'in', matchIds)
    .orderBy('id')
    .forShare()
    .execute();
}

export interface LockedSelection {
  id: bigint;
  outcome: string;
  odds_milli: number;
  market_id: bigint;
  match_id: bigint;
  type: string;
  period: string;
  line_quarters: number | null;
  status: MarketStatus;
}

export async function lockSelections(trx: Tx, selectionIds: readonly bigint[]): Promise<LockedSelection[]> {
  const result = await sql<LockedSelection>`
    SELECT s.id, s.outcome, s.odds_milli, m.id AS market_id, m.match_id, m.type, m.period, m.line_quarters, m.status
      FROM sports_selections s JOIN sports_markets m ON m.id = s.market_id
     WHERE s.id = ANY(${selectionIds.map(String)}::bigint[])
     ORDER BY m.id, s.id
       FOR SHARE OF m`.execute(trx);
  return result.rows;
}

export interface NewBet {
  userId: bigint;
  type: 'single' | 'parlay';
  stakeCents: bigint;
  stakeCashCents: bigint;
  stakeBonusCents: bigint;
  oddsMilli: bigint;
  potentialPayoutCents: bigint;
  legs: readonly {
    matchId: bigint;
    marketId: bigint;
    selectionId: bigint;
    outcome: string;
    oddsMilli: number;
    placementHome: number;
    placementAway: number;
  }[];
}

export async function insertBet(trx: Tx, bet: NewBet): Promise<bigint> {
  const row = await trx
    .insertInto('sports_bets')
    .values({
      user_id: bet.userId,
      type: bet.type,
      leg_count: bet.legs.length,
      stake_cents: bet.stakeCents,
      stake_cash_cents: bet.stakeCashCents,
      stake_bonus_cents: bet.stakeBonusCents,
      odds_milli: bet.oddsMilli,
      potential_payout_cents: bet.potentialPayoutCents,
      settled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('sports_bet_legs')
    .values(
      bet.legs.map((leg, legNo) => ({
        bet_id: row.id,
        leg_no: legNo,
        match_id: leg.matchId,
        market_id: leg.marketId,
        selection_id: leg.selectionId,
        outcome: leg.outcome,
        odds_milli: leg.oddsMilli,
        placement_home: leg.placementHome,
        placement_away: leg.placementAway,
      })),
    )
    .execute();
  return row.id;
}

/** The columns my bets reads of each leg, its market and its match. */
const legColumns = [
  'g.bet_id',
  'g.match_id',
  'm.sport',
  'm.home',
  'm.away',
  'm.period as match_period',
  'm.score_home',
  'm.score_away',
  'm.score_detail',
  'm.runners',
  'g.market_id',
  'k.type',
  'k.period',
  'k.line_quarters',
  'g.outcome',
  'g.odds_milli',
  'g.result',
  'g.placement_home',
  'g.placement_away',
  'g.early_paid',
  'g.boost_id',
  'g.normal_odds_milli',
] as const;

export async function listPlayerBets(
  db: Db,
  userId: bigint,
  filter: { status: 'open' | 'settled' | undefined; offset: number; limit: number },
) {
  let query = db.selectFrom('sports_bets').where('user_id', '=', userId);
  // A bet cashed out in full is over for the player, whatever its matches still do.
  if (filter.status === 'open')
    query = query.where('result', '=', 0).whereRef('cashed_out_stake_cents', '<', 'stake_cents');
  if (filter.status === 'settled')
    query = query.where((eb) =>
      eb.or([eb('result', '<>', 0), eb('cashed_out_stake_cents', '=', eb.ref('stake_cents'))]),
    );
  const [bets, count] = await Promise.all([
    query
      .select([
        'id',
        'type',
        'stake_cents',
        'stake_bonus_cents',
        'odds_milli',
        'potential_payout_cents',
        'payout_cents',
        'result',
        'created_at',
        'settled_at',
        'cashed_out_stake_cents',
        'cashout_paid_cents',
        'early_paid',
        'auto_cashout_cents',
      ])
      .orderBy('id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const legs =
    bets.length === 0
      ? []
      : await db
          .selectFrom('sports_bet_legs as g')
          .innerJoin('sports_markets as k', 'k.id', 'g.market_id')
          .innerJoin('sports_matches as m', 'm.id', 'g.match_id')
          .select(legColumns)
          .where(
            'g.bet_id',
            'in',
            bets.map((bet) => bet.id),
          )
          .orderBy('g.bet_id')
          .orderBy('g.leg_no')
          .execute();
  return { bets, legs, total: Number(count.n) };
}
