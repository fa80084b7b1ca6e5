import { sql } from 'kysely';
import { bigintArray } from '../../db/arrays.ts';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';

/** SQL of the bet builder (decision 0062): the match and board it prices, its quotes and its bets' pricing inputs. */

type Executor = Db | Tx;

export interface BuilderMatchRow {
  id: bigint;
  sport: string;
  home: string;
  away: string;
  period: number;
  score_home: number;
  score_away: number;
  half_time_home: number | null;
  half_time_away: number | null;
  corners_home: number | null;
  corners_away: number | null;
  half_time_corners_home: number | null;
  half_time_corners_away: number | null;
  state_version: number;
  feed_meta: unknown;
  score_detail: unknown;
}

/** The match as the builder prices it; `lock` share-locks it (placement's lock order: the match first). */
export async function builderMatch(
  db: Executor,
  matchId: bigint,
  lock = false,
): Promise<BuilderMatchRow | undefined> {
  const result = await sql<BuilderMatchRow>`
    SELECT id, sport, home, away, period, score_home, score_away, half_time_home, half_time_away, corners_home,
           corners_away, half_time_corners_home, half_time_corners_away, state_version, feed_meta, score_detail
      FROM sports_matches WHERE id = ${matchId} ${lock ? sql`FOR SHARE` : sql``}`.execute(db);
  return result.rows[0];
}

export interface BoardRow {
  selection_id: bigint;
  market_id: bigint;
  type: string;
  period: 'full' | 'firstHalf';
  line_quarters: number | null;
  status: 'open' | 'suspended' | 'closed';
  version: number;
  outcome: string;
  odds_milli: number;
}

/** Every selection of the match's markets with its market; `lock` share-locks the markets in id order. */
export async function builderBoard(db: Executor, matchId: bigint, lock = false): Promise<BoardRow[]> {
  const result = await sql<BoardRow>`
    SELECT s.id AS selection_id, m.id AS market_id, m.type, m.period, m.line_quarters, m.status, m.version,
           s.outcome, s.odds_milli
      FROM sports_markets m JOIN sports_selections s ON s.market_id = m.id
     WHERE m.match_id = ${matchId}
     ORDER BY m.id, s.id ${lock ? sql`FOR SHARE OF m` : sql``}`.execute(db);
  return result.rows;
}

export interface QuoteRow {
  id: bigint;
  user_id: bigint;
  match_id: bigint;
  selection_ids: bigint[];
  leg_odds_milli: number[];
  odds_milli: number;
  probability_ppm: number;
  expires_at: Date;
  expired: boolean;
  used: boolean;
}

export async function insertBuilderQuote(
  db: Executor,
  quote: {
    userId: bigint;
    matchId: bigint;
    selectionIds: readonly bigint[];
    legOddsMilli: readonly number[];
    oddsMilli: number;
    probabilityPpm: number;
    seconds: number;
  },
): Promise<{ id: bigint; expires_at: Date }> {
  const result = await sql<{ id: bigint; expires_at: Date }>`
    INSERT INTO sports_builder_quotes
           (user_id, match_id, selection_ids, leg_odds_milli, odds_milli, probability_ppm, expires_at)
    VALUES (${quote.userId}, ${quote.matchId}, ${bigintArray(quote.selectionIds)}::bigint[],
            ${`{${quote.legOddsMilli.join(',')}}`}::integer[], ${quote.oddsMilli}, ${quote.probabilityPpm},
            now() + make_interval(secs => ${quote.seconds}))
    RETURNING id, expires_at`.execute(db);
  return result.rows[0]!;
}

/** The player's own quote (another player's is unknown), whether it expired and whether a bet used it. */
export async function findBuilderQuote(
  db: Executor,
  userId: bigint,
  quoteId: bigint,
  lock = false,
): Promise<QuoteRow | undefined> {
  const result = await sql<QuoteRow>`
    SELECT q.id, q.user_id, q.match_id, q.selection_ids, q.leg_odds_milli, q.odds_milli, q.probability_ppm,
           q.expires_at, q.expires_at < now() AS expired,
           EXISTS (SELECT 1 FROM sports_builder_bets b WHERE b.quote_id = q.id) AS used
      FROM sports_builder_quotes q WHERE q.id = ${quoteId} AND q.user_id = ${userId}
       ${lock ? sql`FOR UPDATE OF q` : sql``}`.execute(db);
  const row = result.rows[0];
  return row && { ...row, selection_ids: row.selection_ids.map(BigInt) };
}

export interface NewBuilderBet {
  userId: bigint;
  matchId: bigint;
  quoteId: bigint;
  stakeCents: bigint;
  stakeCashCents: bigint;
  stakeBonusCents: bigint;
  oddsMilli: number;
  potentialPayoutCents: bigint;
  legs: readonly { marketId: bigint; selectionId: bigint; outcome: string; oddsMilli: number }[];
  placement: { home: number; away: number };
  pricing: {
    model: unknown;
    liveState: unknown;
    seed: number;
    samples: number;
    marginBp: number;
    probabilityPpm: number;
  };
}

/** The bet (type builder), its legs on the one match, and what its price came from. */
export async function insertBuilderBet(trx: Tx, bet: NewBuilderBet): Promise<bigint> {
  const row = await trx
    .insertInto('sports_bets')
    .values({
      user_id: bet.userId,
      type: 'builder',
      leg_count: bet.legs.length,
      stake_cents: bet.stakeCents,
      stake_cash_cents: bet.stakeCashCents,
      stake_bonus_cents: bet.stakeBonusCents,
      odds_milli: BigInt(bet.oddsMilli),
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
        match_id: bet.matchId,
        market_id: leg.marketId,
        selection_id: leg.selectionId,
        outcome: leg.outcome,
        odds_milli: leg.oddsMilli,
        placement_home: bet.placement.home,
        placement_away: bet.placement.away,
      })),
    )
    .execute();
  const { pricing } = bet;
  await trx
    .insertInto('sports_builder_bets')
    .values({
      bet_id: row.id,
      match_id: bet.matchId,
      quote_id: bet.quoteId,
      model: JSON.stringify(pricing.model),
      live_state: pricing.liveState === undefined ? null : JSON.stringify(pricing.liveState),
      seed: BigInt(pricing.seed),
      samples: pricing.samples,
      margin_bp: pricing.marginBp,
      probability_ppm: pricing.probabilityPpm,
    })
    .execute();
  return row.id;
}

export interface BuilderPricingRow {
  bet_id: bigint;
  model: unknown;
  live_state: unknown;
  seed: bigint;
  samples: number;
  margin_bp: number;
}

export async function builderPricingOf(
  db: Executor,
  betIds: readonly bigint[],
): Promise<BuilderPricingRow[]> {
  if (betIds.length === 0) return [];
  return db
    .selectFrom('sports_builder_bets')
    .select(['bet_id', 'model', 'live_state', 'seed', 'samples', 'margin_bp'])
    .where('bet_id', 'in', betIds)
    .execute();
}

export interface BuilderLegRow {
  bet_id: bigint;
  leg_no: number;
  type: string;
  period: 'full' | 'firstHalf';
  line_quarters: number | null;
  outcome: string;
  placement_home: number;
  placement_away: number;
  result: number;
}

/** The builder bets' legs with their markets, in leg order. */
export async function builderLegsOf(db: Executor, betIds: readonly bigint[]): Promise<BuilderLegRow[]> {
  if (betIds.length === 0) return [];
  return db
    .selectFrom('sports_bet_legs as l')
    .innerJoin('sports_markets as m', 'm.id', 'l.market_id')
    .select([
      'l.bet_id',
      'l.leg_no',
      'm.type',
      'm.period',
      'm.line_quarters',
      'l.outcome',
      'l.placement_home',
      'l.placement_away',
      'l.result',
    ])
    .where('l.bet_id', 'in', betIds)
    .orderBy('l.bet_id')
    .orderBy('l.leg_no')
    .execute();
}

export interface BuilderExposureRow {
  match_id: bigint;
  sport: string;
  home: string;
  away: string;
  start_time: Date;
  period: number;
  open_bets: number;
  stake_cents: bigint;
  potential_payout_cents: bigint;
  match_exposure_cents: bigint;
}

/** Operator view: per match, the open builder bets (stake and what they can pay) beside the match's whole exposure. */
export async function builderExposure(db: Db, limit: number): Promise<BuilderExposureRow[]> {
  const result = await sql<BuilderExposureRow>`
    SELECT m.id AS match_id, m.sport, m.home, m.away, m.start_time, m.period,
           count(*)::int AS open_bets,
           sum(b.stake_cents - b.cashed_out_stake_cents)::bigint AS stake_cents,
           sum(b.potential_payout_cents * (b.stake_cents - b.cashed_out_stake_cents) / b.stake_cents)::bigint
             AS potential_payout_cents,
           coalesce(max(e.payout_cents), 0)::bigint AS match_exposure_cents
      FROM sports_builder_bets bb
      JOIN sports_bets b ON b.id = bb.bet_id AND b.result = 0
      JOIN sports_matches m ON m.id = bb.match_id
      LEFT JOIN sports_match_exposure e ON e.match_id = m.id
     GROUP BY m.id
     ORDER BY potential_payout_cents DESC, m.id
     LIMIT ${limit}`.execute(db);
  return result.rows.map((row) => ({
    ...row,
    stake_cents: BigInt(row.stake_cents),
    potential_payout_cents: BigInt(row.potential_payout_cents),
    match_exposure_cents: BigInt(row.match_exposure_cents),
  }));
}
