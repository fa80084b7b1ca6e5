import {
  eventsNetPrizeCents,
  type PeriodPlay,
  taxDueCents,
  taxPeriodBounds,
  taxPeriodOf,
  type WinningsTaxRule,
  withholdingCents,
} from '@aposta/brazil';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';
import { postTransaction } from '../ledger/ledger.service.ts';

/** The ledger code of a withholding: player_cash −t, house_tax_liability (named after the period) +t. */
export const WINNINGS_TAX_CODE = 'winnings_tax';

const ruleOf = (ctx: AppContext): WinningsTaxRule => ({
  rateBasisPoints: ctx.config.tax.rateBasisPoints,
  exemptCents: ctx.config.tax.exemptCents,
});

/**
 * The period's prizes and stakes from the player's ledger legs (cash and bonus) of every product's bet codes, as
 * rg's play totals read them: a stake's refund or rollback gives the stake back, a reversal takes a prize back.
 */
export async function periodPlay(db: Db | Tx, userId: bigint, periodKey: string): Promise<PeriodPlay> {
  const { from, to } = taxPeriodBounds(periodKey);
  const row = await sql<{ stakes: string | null; net: string | null }>`
    SELECT (-sum(p.amount_cents) FILTER (WHERE t.code ~ '_(stake|rollback|refund)$'))::text AS stakes,
           sum(p.amount_cents)::text AS net
    FROM ledger_accounts a
    JOIN ledger_postings p ON p.account_id = a.id
    JOIN ledger_transactions t ON t.id = p.transaction_id
    WHERE a.owner_user_id = ${userId} AND a.kind IN ('player_cash', 'player_bonus')
      AND t.created_at >= ${from} AND t.created_at < ${to}
      AND t.code ~ '_(stake|payout|payout_reversal|rollback|refund|cashout)$'`.execute(db);
  const stakesCents = BigInt(row.rows[0]?.stakes ?? '0');
  const netCents = BigInt(row.rows[0]?.net ?? '0');
  return { stakesCents, prizesCents: netCents + stakesCents };
}

/**
 * Each event's net prize in the period, from the products' own records (decision 0057, WINNINGS_TAX_BASIS=event):
 * an in-house bet (a round game's bets of one round together), a sports bet (its cash-outs counted), a slot game
 * session. An event counts in the period it was settled in.
 */
export async function periodEventNets(db: Db | Tx, userId: bigint, periodKey: string): Promise<bigint[]> {
  const { from, to } = taxPeriodBounds(periodKey);
  const rows = await sql<{ net: string }>`
    SELECT sum(payout_cents - amount_cents)::text AS net FROM game_bets
     WHERE user_id = ${userId} AND status = 'settled' AND settled_at >= ${from} AND settled_at < ${to}
     GROUP BY coalesce(round_key, id::text)
    UNION ALL
    SELECT (payout_cents + cashout_paid_cents - stake_cents)::text FROM sports_bets
     WHERE user_id = ${userId} AND result <> 0 AND settled_at >= ${from} AND settled_at < ${to}
    UNION ALL
    SELECT sum(win_cents - stake_cents)::text FROM slot_rounds
     WHERE user_id = ${userId} AND status = 'closed' AND closed_at >= ${from} AND closed_at < ${to}
     GROUP BY session_id`.execute(db);
  return rows.rows.map((row) => BigInt(row.net));
}

/** The period's taxable net prize on the configured basis. */
async function taxableNetCents(
  ctx: AppContext,
  db: Db | Tx,
  userId: bigint,
  periodKey: string,
  play: PeriodPlay,
) {
  if (ctx.config.tax.basis === 'period-net') return play.prizesCents - play.stakesCents;
  return eventsNetPrizeCents(await periodEventNets(db, userId, periodKey));
}

/** Each withholding of the period: the withdrawal order it was taken from, when, and how much. */
export async function periodWithholdings(db: Db | Tx, userId: bigint, periodKey: string) {
  const { from, to } = taxPeriodBounds(periodKey);
  const rows = await sql<{ order_id: string; created_at: Date; tax: string }>`
    SELECT t.reference_id AS order_id, t.created_at, (-sum(p.amount_cents))::text AS tax
    FROM ledger_accounts a
    JOIN ledger_postings p ON p.account_id = a.id
    JOIN ledger_transactions t ON t.id = p.transaction_id
    WHERE a.owner_user_id = ${userId} AND a.kind = 'player_cash' AND t.code = ${WINNINGS_TAX_CODE}
      AND t.created_at >= ${from} AND t.created_at < ${to}
    GROUP BY t.id, t.reference_id, t.created_at
    ORDER BY t.created_at, t.id`.execute(db);
  return rows.rows.map((r) => ({
    orderId: BigInt(r.order_id),
    at: new Date(r.created_at),
    taxCents: BigInt(r.tax),
  }));
}

/** The tax each of these withdrawal orders withheld (none: absent). */
export async function taxOfOrders(db: Db, orderIds: bigint[]): Promise<Map<string, bigint>> {
  if (orderIds.length === 0) return new Map();
  const rows = await sql<{ order_id: string; tax: string }>`
    SELECT t.reference_id AS order_id, (-sum(p.amount_cents))::text AS tax
    FROM ledger_transactions t
    JOIN ledger_postings p ON p.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'player_cash'
    WHERE t.code = ${WINNINGS_TAX_CODE} AND t.reference_type = 'order'
      AND t.reference_id IN (${sql.join(orderIds.map((id) => id.toString()))})
    GROUP BY t.reference_id`.execute(db);
  return new Map(rows.rows.map((r) => [r.order_id, BigInt(r.tax)]));
}

/**
 * Under WINNINGS_TAX=withhold (br-licensed), the IRRF a withdrawal of `grossCents` withholds (decision 0057): the
 * tax due on the period's net prize so far minus what earlier withdrawals withheld. At most `grossCents − 1`, so the
 * payout itself is never of zero (the rest is withheld by the next withdrawal). The caller holds the player's row
 * lock, so two withdrawals never read the same "already withheld".
 */
export async function winningsTaxFor(ctx: AppContext, trx: Tx, userId: bigint, grossCents: bigint) {
  const periodKey = taxPeriodOf(new Date(), ctx.config.tax.period);
  // The open profile is not a licensed operator: it never withholds, whatever WINNINGS_TAX says.
  const applies = ctx.config.regulatoryProfile === 'br-licensed' && ctx.config.tax.mode === 'withhold';
  if (!applies || grossCents <= 1n) return { periodKey, taxCents: 0n };
  const play = await periodPlay(trx, userId, periodKey);
  const withheld = (await periodWithholdings(trx, userId, periodKey)).reduce(
    (sum, w) => sum + w.taxCents,
    0n,
  );
  const taxCents = withholdingCents({
    netSoFarCents: await taxableNetCents(ctx, trx, userId, periodKey, play),
    alreadyWithheldCents: withheld,
    payoutCents: grossCents - 1n,
    rule: ruleOf(ctx),
  });
  return { periodKey, taxCents };
}

/** Posts a withholding from the player's cash to the house's tax liability, keyed by the order (a replay moves nothing). */
export async function postWinningsTax(
  trx: Tx,
  userId: bigint,
  orderId: bigint,
  tax: { periodKey: string; taxCents: bigint },
) {
  if (tax.taxCents <= 0n) return;
  await postTransaction(trx, {
    code: WINNINGS_TAX_CODE,
    idempotencyKey: `${WINNINGS_TAX_CODE}:${orderId}`,
    referenceType: 'order',
    referenceId: orderId.toString(),
    postings: [
      { account: { kind: 'player_cash', userId }, amountCents: -tax.taxCents },
      { account: { kind: 'house_tax_liability', name: tax.periodKey }, amountCents: tax.taxCents },
    ],
  });
}

/** The player's annual statement: the year's play, the band, the tax due and each withholding. */
export async function taxStatement(ctx: AppContext, userId: bigint, year: number) {
  const periodKey = String(year);
  const [play, withholdings] = await Promise.all([
    periodPlay(ctx.db, userId, periodKey),
    periodWithholdings(ctx.db, userId, periodKey),
  ]);
  const netCents = play.prizesCents - play.stakesCents;
  const taxableCents = await taxableNetCents(ctx, ctx.db, userId, periodKey, play);
  return {
    year,
    mode: ctx.config.tax.mode,
    basis: ctx.config.tax.basis,
    rateBasisPoints: ctx.config.tax.rateBasisPoints,
    exemptCents: ctx.config.tax.exemptCents,
    prizesCents: play.prizesCents,
    stakesCents: play.stakesCents,
    netCents,
    // The year's figure on the statement's rule; with WINNINGS_TAX_PERIOD=month the withholdings follow each month.
    taxableCents,
    taxDueCents: taxDueCents(taxableCents, ruleOf(ctx)),
    withheldCents: withholdings.reduce((sum, w) => sum + w.taxCents, 0n),
    withholdings,
  };
}
export type TaxStatement = Awaited<ReturnType<typeof taxStatement>>;

/**
 * For the transparency page: whether withholding applies to this operator, and what was withheld from the player
 * since `since` (the start of the period the page shows).
 */
export async function withheldSince(ctx: AppContext, db: Db | Tx, userId: bigint, since: Date) {
  const applicable = ctx.config.regulatoryProfile === 'br-licensed' && ctx.config.tax.mode === 'withhold';
  if (!applicable) return { applicable, withheldCents: 0n };
  const row = await sql<{ tax: string | null }>`
    SELECT (-sum(p.amount_cents))::text AS tax
    FROM ledger_accounts a
    JOIN ledger_postings p ON p.account_id = a.id
    JOIN ledger_transactions t ON t.id = p.transaction_id
    WHERE a.owner_user_id = ${userId} AND a.kind = 'player_cash' AND t.code = ${WINNINGS_TAX_CODE}
      AND t.created_at >= ${since}`.execute(db);
  return { applicable, withheldCents: BigInt(row.rows[0]?.tax ?? '0') };
}
