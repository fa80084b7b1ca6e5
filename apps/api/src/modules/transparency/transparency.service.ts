import type { PlayedGame, TransparencyAnswer, TransparencyPeriod } from '@aposta/contract';
import { inHouseRtp } from '@aposta/fair';
import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/tx.ts';
import { withheldSince } from '../tax/tax.service.ts';
import { localDayOf, STAKE_CODE } from './transparency.fold.ts';
import {
  type DayCodeSum,
  foldBuckets,
  localDay,
  mergeMinutes,
  periodStarts,
  TRANSPARENCY_TIME_ZONE,
} from './transparency.rules.ts';

/** The page's clock; tests set it to read a chosen day, week, month or year. */
export const transparencyClock = { now: (): Date => new Date() };

/** The daily sums from `from` on: the folded table plus the journal past the watermark for this player alone. */
async function daySums(trx: Tx, userId: bigint, from: string, mark: bigint): Promise<DayCodeSum[]> {
  const rows = await sql<{ day: string; code: string; amount: string }>`
    SELECT day::text, code, sum(amount)::text AS amount FROM (
      SELECT day, code, amount_cents AS amount FROM player_daily_ledger WHERE user_id = ${userId} AND day >= ${from}::date
      UNION ALL
      SELECT ${localDayOf('t.created_at')}, t.code, p.amount_cents
        FROM ledger_accounts a
        JOIN ledger_postings p ON p.account_id = a.id
        JOIN ledger_transactions t ON t.id = p.transaction_id
       WHERE a.owner_user_id = ${userId} AND p.transaction_id > ${mark}) sums
     GROUP BY day, code`.execute(trx);
  return rows.rows.map((row) => ({ day: row.day, code: row.code, amountCents: BigInt(row.amount) }));
}

/** Minutes played per day from `from` on: folded days, merged with the live tail's stake minutes. */
async function dayMinutes(trx: Tx, userId: bigint, from: string, mark: bigint): Promise<Map<string, number>> {
  const folded = await sql<{ day: string; minutes: number; last: Date }>`
    SELECT day::text, play_minutes AS minutes, last_minute AS last FROM player_daily_play
     WHERE user_id = ${userId} AND day >= ${from}::date`.execute(trx);
  const tail = await sql<{ day: string; minute: Date }>`
    SELECT DISTINCT ${localDayOf('t.created_at')}::text AS day, date_trunc('minute', t.created_at) AS minute
      FROM ledger_accounts a
      JOIN ledger_postings p ON p.account_id = a.id
      JOIN ledger_transactions t ON t.id = p.transaction_id
     WHERE a.owner_user_id = ${userId} AND p.transaction_id > ${mark} AND ${STAKE_CODE}`.execute(trx);
  const foldedByDay = new Map(
    folded.rows.map((row) => [row.day, { minutes: row.minutes, lastMinute: new Date(row.last).getTime() }]),
  );
  const tailByDay = new Map<string, number[]>();
  for (const row of tail.rows)
    tailByDay.set(row.day, [...(tailByDay.get(row.day) ?? []), new Date(row.minute).getTime()]);
  const days = new Set([...foldedByDay.keys(), ...tailByDay.keys()]);
  return new Map([...days].map((day) => [day, mergeMinutes(foldedByDay.get(day), tailByDay.get(day) ?? [])]));
}

/** The games the player played, with their RTP: our own (verifiable on /verify) and the slots. */
async function playedGames(trx: Tx, userId: bigint): Promise<PlayedGame[]> {
  const rows = await sql<{
    product: string;
    code: string;
    rounds: string;
    name: string | null;
    rtp: string | null;
  }>`
    SELECT played.product, played.code, played.rounds::text AS rounds, g.name, g.rtp::text AS rtp FROM (
      SELECT 'originals' AS product, game::text AS code, count(*) AS rounds FROM game_bets WHERE user_id = ${userId}
       GROUP BY game
      UNION ALL
      SELECT provider::text, game_code, count(*) FROM slot_rounds WHERE user_id = ${userId} GROUP BY provider, game_code
    ) played LEFT JOIN game_catalog g ON g.code = played.code
    ORDER BY played.rounds DESC, played.code`.execute(trx);
  const ours = inHouseRtp() as Record<string, { min: number } | undefined>;
  return rows.rows.map((row) => {
    const original = row.product === 'originals';
    const rtp = row.rtp !== null ? Number(row.rtp) : original ? (ours[row.code]?.min ?? null) : null;
    return {
      product: row.product,
      code: row.code,
      name: row.name ?? row.code,
      rtp,
      rounds: Number(row.rounds),
      verifiable: original,
    };
  });
}

async function exclusionState(trx: Tx, userId: bigint, now: Date) {
  const row = await trx
    .selectFrom('rg_exclusions')
    .select(['ends_at'])
    .where('user_id', '=', userId)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy(sql`ends_at DESC NULLS FIRST`)
    .executeTakeFirst();
  return { active: row !== undefined, endsAt: row?.ends_at ? new Date(row.ends_at).getTime() : null };
}

/**
 * The player's transparency page (decision 0053): reads the daily aggregate and the journal past its watermark
 * for this player only, in one snapshot (a fold committing meanwhile is seen wholly or not at all).
 */
export async function readTransparency(
  ctx: AppContext,
  userId: bigint,
  period: TransparencyPeriod,
): Promise<TransparencyAnswer> {
  const now = transparencyClock.now();
  const starts = periodStarts(localDay(now), period);
  const from = starts[starts.length - 1]!;
  return ctx.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const mark = await trx
        .selectFrom('player_daily_watermark')
        .select('last_tx_id')
        .executeTakeFirstOrThrow();
      const sums = await daySums(trx, userId, from, mark.last_tx_id);
      const minutes = await dayMinutes(trx, userId, from, mark.last_tx_id);
      const tax = await withheldSince(ctx, trx, userId, new Date(`${starts[0]}T03:00:00Z`));
      const buckets = foldBuckets(starts, period, sums, minutes).map((bucket) => ({
        start: bucket.start,
        deposits: centsToReais(bucket.depositsCents),
        withdrawals: centsToReais(bucket.withdrawalsCents),
        stakes: centsToReais(bucket.stakesCents),
        returns: centsToReais(bucket.returnsCents),
        net: centsToReais(bucket.netCents),
        playMinutes: bucket.playMinutes,
      }));
      return {
        period,
        timeZone: TRANSPARENCY_TIME_ZONE,
        buckets,
        games: await playedGames(trx, userId),
        // Decision 0057: what the winnings tax withheld in the newest period shown (São Paulo midnight, UTC−3);
        // "not applicable" where nothing is withheld (the open profile, WINNINGS_TAX off or statement-only).
        taxWithheld: centsToReais(tax.withheldCents),
        taxApplicable: tax.applicable,
        exclusion: await exclusionState(trx, userId, now),
        selfExclusionUrl: ctx.config.legal.selfExclusionUrl,
      };
    });
}
