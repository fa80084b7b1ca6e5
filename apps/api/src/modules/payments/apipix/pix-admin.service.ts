import { centsToReais, parseAmountToCents } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../../app-context.ts';
import { type Actor, writeAudit } from '../../../backoffice/audit.ts';
import type { ReconciliationDiffKind } from '../../../db/schema.pix.ts';
import { conflict, notFound } from '../../../lib/domain-error.ts';
import type { PaymentProvider } from '../provider.ts';
import type { ApiPixProvider } from './apipix.provider.ts';

/** Outcomes of a delivery whose money reached our PSP account without being credited to anyone. */
export const REFUNDABLE_OUTCOMES = [
  'duplicate',
  'unknown_charge',
  'expired_charge',
  'amount_mismatch',
  'refund_due',
  'payer_mismatch',
] as const;

/** Brazil has had no daylight saving time since 2019: the operator's day is UTC-3. */
const BRT_OFFSET_MS = 3 * 3600 * 1000;

/** The instant bounds of a São Paulo calendar day `YYYY-MM-DD`. */
export function dayBounds(day: string): { inicio: Date; fim: Date } {
  const start = new Date(`${day}T00:00:00.000Z`).getTime() + BRT_OFFSET_MS;
  return { inicio: new Date(start), fim: new Date(start + 86_400_000 - 1) };
}

/** Yesterday in São Paulo, the day the daily job reconciles. */
export function yesterdayInBrazil(now = Date.now()): string {
  return new Date(now - BRT_OFFSET_MS - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Payments received and not credited, newest first, with the refund already asked for each. A `duplicate` that is
 * the credited payment delivered again is not a refund candidate: only an end-to-end id no charge was credited with.
 */
export async function listRefundables(ctx: AppContext, provider: string) {
  const rows = await ctx.db
    .selectFrom('webhook_events as e')
    .leftJoin('pix_refunds as r', 'r.end_to_end_id', 'e.end_to_end_id')
    .select([
      'e.id',
      'e.received_at',
      'e.end_to_end_id',
      'e.txid',
      'e.outcome',
      'r.id as refund_id',
      'r.amount_cents',
      'r.status',
      'r.created_at as refund_at',
    ])
    .where('e.provider', '=', provider)
    .where('e.outcome', 'in', [...REFUNDABLE_OUTCOMES])
    .where('e.end_to_end_id', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payment_charges as c')
            .select('c.txid')
            .whereRef('c.end_to_end_id', '=', 'e.end_to_end_id'),
        ),
      ),
    )
    // One line per payment: its first delivery.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_events as earlier')
            .select('earlier.id')
            .whereRef('earlier.end_to_end_id', '=', 'e.end_to_end_id')
            .whereRef('earlier.id', '<', 'e.id')
            .where('earlier.outcome', 'in', [...REFUNDABLE_OUTCOMES]),
        ),
      ),
    )
    .orderBy('e.id', 'desc')
    .limit(200)
    .execute();
  return {
    records: rows.map((row) => ({
      eventId: Number(row.id),
      receivedAt: row.received_at.getTime(),
      endToEndId: row.end_to_end_id!,
      txid: row.txid,
      outcome: row.outcome,
      refund:
        row.refund_id && row.status && row.amount_cents !== null && row.refund_at
          ? {
              id: row.refund_id,
              amount: centsToReais(row.amount_cents),
              status: row.status,
              createdAt: row.refund_at.getTime(),
            }
          : null,
    })),
  };
}

/**
 * The operator refunds a received Pix we did not credit: the whole amount the PSP says it received, by
 * `PUT /pix/{e2eid}/devolucao/{id}` with an id of ours, so asking twice is one refund. The money was never a
 * player's, so our ledger does not move; the audit log keeps who asked.
 */
export async function refundPayment(ctx: AppContext, pix: ApiPixProvider, actor: Actor, eventId: bigint) {
  const event = await ctx.db
    .selectFrom('webhook_events')
    .select(['id', 'provider', 'end_to_end_id', 'outcome'])
    .where('id', '=', eventId)
    .where('provider', '=', pix.name)
    .executeTakeFirst();
  if (!event?.end_to_end_id) throw notFound();
  if (!(REFUNDABLE_OUTCOMES as readonly string[]).includes(event.outcome))
    throw conflict('pix.not_refundable');
  const credited = await ctx.db
    .selectFrom('payment_charges')
    .select('txid')
    .where('end_to_end_id', '=', event.end_to_end_id)
    .executeTakeFirst();
  if (credited) throw conflict('pix.not_refundable');
  const existing = await ctx.db
    .selectFrom('pix_refunds')
    .select(['id', 'amount_cents'])
    .where('end_to_end_id', '=', event.end_to_end_id)
    .executeTakeFirst();
  const received = await pix.getReceived(event.end_to_end_id);
  if (!received) throw conflict('pix.not_refundable');
  const refundId = existing?.id ?? `R${event.id}`;
  const amountCents = existing?.amount_cents ?? parseAmountToCents(received.valor);
  // The intent is written (and audited) before the PSP is asked; the same id makes a retry the same refund.
  if (!existing) {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('pix_refunds')
        .values({
          id: refundId,
          webhook_event_id: event.id,
          provider: pix.name,
          end_to_end_id: event.end_to_end_id!,
          amount_cents: amountCents,
          operator_id: actor.operatorId,
        })
        .execute();
      await writeAudit(trx, actor, {
        action: 'pix.refund',
        target: `pix:${event.end_to_end_id}`,
        before: { outcome: event.outcome },
        after: { refundId, amountCents },
      });
    });
  }
  const status = await pix.refund(event.end_to_end_id, refundId, amountCents);
  await ctx.db
    .updateTable('pix_refunds')
    .set({ status, updated_at: sql`now()` })
    .where('id', '=', refundId)
    .execute();
  return { id: refundId, amount: centsToReais(amountCents), status };
}

/**
 * The job `return_pix`: a Pix from another CPF than the player's (br-licensed, outcome 'payer_mismatch') goes back
 * to its payer whole, by `PUT /pix/{e2eid}/devolucao/{id}` with our id `R{event}`: the intent is written first,
 * so a re-run asks the same devolução again, which the PSP answers without a second transfer.
 */
export async function returnPix(ctx: AppContext, provider: PaymentProvider, eventId: bigint) {
  if (!provider.refund) throw new Error(`${provider.name} cannot return a payment`);
  const event = await ctx.db
    .selectFrom('webhook_events as e')
    .innerJoin('payment_charges as c', 'c.txid', 'e.txid')
    .select(['e.id', 'e.end_to_end_id', 'e.outcome', 'c.amount_cents'])
    .where('e.id', '=', eventId)
    .where('e.provider', '=', provider.name)
    .executeTakeFirst();
  if (!event?.end_to_end_id || event.outcome !== 'payer_mismatch') return;
  await ctx.db
    .insertInto('pix_refunds')
    .values({
      id: `R${event.id}`,
      webhook_event_id: event.id,
      provider: provider.name,
      end_to_end_id: event.end_to_end_id,
      amount_cents: event.amount_cents,
      operator_id: null,
    })
    .onConflict((oc) => oc.column('end_to_end_id').doNothing())
    .execute();
  const refund = await ctx.db
    .selectFrom('pix_refunds')
    .select(['id', 'amount_cents', 'status'])
    .where('end_to_end_id', '=', event.end_to_end_id)
    .executeTakeFirstOrThrow();
  if (refund.status !== 'EM_PROCESSAMENTO') return;
  const status = await provider.refund(event.end_to_end_id, refund.id, refund.amount_cents);
  await ctx.db
    .updateTable('pix_refunds')
    .set({ status, updated_at: sql`now()` })
    .where('id', '=', refund.id)
    .execute();
  ctx.log.info({ endToEndId: event.end_to_end_id, status }, 'Pix from another CPF returned to its payer');
}

/** Asks the PSP about refunds still processing (run with the reconciliation). */
export async function refreshRefunds(ctx: AppContext, pix: ApiPixProvider): Promise<void> {
  const open = await ctx.db
    .selectFrom('pix_refunds')
    .select(['id', 'end_to_end_id'])
    .where('status', '=', 'EM_PROCESSAMENTO')
    .where('provider', '=', pix.name)
    .limit(500)
    .execute();
  for (const refund of open) {
    const status = await pix.refundStatus(refund.end_to_end_id, refund.id);
    if (status !== 'EM_PROCESSAMENTO') {
      await ctx.db
        .updateTable('pix_refunds')
        .set({ status, updated_at: sql`now()` })
        .where('id', '=', refund.id)
        .execute();
    }
  }
}

/**
 * The daily reconciliation of `day` (São Paulo): the PSP's received Pix (`GET /pix?inicio=&fim=`) against the
 * charges we credited with a payment time in that day, matched by end-to-end id. Differences are kept (a re-run
 * adds only new ones) for the back office; the run's totals are replaced.
 */
export async function reconcileDay(ctx: AppContext, pix: ApiPixProvider, day: string) {
  const { inicio, fim } = dayBounds(day);
  const received = await pix.listReceived(inicio, fim);
  const credited = await ctx.db
    .selectFrom('payment_charges')
    .select(['txid', 'end_to_end_id', 'amount_cents'])
    .where('provider', '=', pix.name)
    .where('end_to_end_id', 'is not', null)
    .where('paid_at', '>=', inicio)
    .where('paid_at', '<=', fim)
    .execute();
  const ours = new Map(credited.map((row) => [row.end_to_end_id!, row]));
  const theirs = new Map(received.map((item) => [item.endToEndId, item]));
  const diffs: {
    kind: ReconciliationDiffKind;
    end_to_end_id: string;
    txid: string | null;
    psp_cents: bigint | null;
    credited_cents: bigint | null;
  }[] = [];
  let pspCents = 0n;
  for (const item of received) {
    const cents = parseAmountToCents(item.valor);
    pspCents += cents;
    const mine = ours.get(item.endToEndId);
    if (!mine) {
      diffs.push({
        kind: 'received_not_credited',
        end_to_end_id: item.endToEndId,
        txid: item.txid ?? null,
        psp_cents: cents,
        credited_cents: null,
      });
    } else if (mine.amount_cents !== cents) {
      diffs.push({
        kind: 'amount_differs',
        end_to_end_id: item.endToEndId,
        txid: mine.txid,
        psp_cents: cents,
        credited_cents: mine.amount_cents,
      });
    }
  }
  for (const mine of credited) {
    if (!theirs.has(mine.end_to_end_id!)) {
      diffs.push({
        kind: 'credited_not_received',
        end_to_end_id: mine.end_to_end_id!,
        txid: mine.txid,
        psp_cents: null,
        credited_cents: mine.amount_cents,
      });
    }
  }
  const creditedCents = credited.reduce((sum, row) => sum + row.amount_cents, 0n);
  await ctx.db.transaction().execute(async (trx) => {
    if (diffs.length > 0) {
      await trx
        .insertInto('pix_reconciliation_diffs')
        .values(diffs.map((diff) => ({ ...diff, day, provider: pix.name })))
        .onConflict((oc) => oc.columns(['day', 'provider', 'kind', 'end_to_end_id']).doNothing())
        .execute();
    }
    const run = {
      psp_count: received.length,
      psp_cents: pspCents,
      credited_count: credited.length,
      credited_cents: creditedCents,
    };
    await trx
      .insertInto('pix_reconciliations')
      .values({ day, provider: pix.name, ...run })
      .onConflict((oc) => oc.columns(['day', 'provider']).doUpdateSet({ ...run, ran_at: sql`now()` }))
      .execute();
  });
  if (diffs.length > 0)
    ctx.log.warn({ day, differences: diffs.length }, 'PIX reconciliation found differences');
  return { differences: diffs.length };
}

export async function listReconciliation(ctx: AppContext, provider: string, day: string | undefined) {
  let runs = ctx.db
    .selectFrom('pix_reconciliations')
    .select([
      sql<string>`day::text`.as('day'),
      'ran_at',
      'psp_count',
      'psp_cents',
      'credited_count',
      'credited_cents',
    ])
    .where('provider', '=', provider)
    .orderBy('day', 'desc')
    .limit(31);
  let diffs = ctx.db
    .selectFrom('pix_reconciliation_diffs')
    .select([
      sql<string>`day::text`.as('day'),
      'kind',
      'end_to_end_id',
      'txid',
      'psp_cents',
      'credited_cents',
    ])
    .where('provider', '=', provider)
    .orderBy('day', 'desc')
    .orderBy('id')
    .limit(500);
  if (day) {
    runs = runs.where('day', '=', sql<Date>`${day}::date`);
    diffs = diffs.where('day', '=', sql<Date>`${day}::date`);
  }
  const money = (cents: bigint | null) => (cents === null ? null : centsToReais(cents));
  return {
    runs: (await runs.execute()).map((run) => ({
      day: run.day,
      ranAt: run.ran_at.getTime(),
      pspCount: run.psp_count,
      pspAmount: centsToReais(run.psp_cents),
      creditedCount: run.credited_count,
      creditedAmount: centsToReais(run.credited_cents),
    })),
    diffs: (await diffs.execute()).map((diff) => ({
      day: diff.day,
      kind: diff.kind,
      endToEndId: diff.end_to_end_id,
      txid: diff.txid,
      pspAmount: money(diff.psp_cents),
      creditedAmount: money(diff.credited_cents),
    })),
  };
}
