import { randomBytes } from 'node:crypto';
import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/tx.ts';
import { conflict, notFound } from '../../lib/domain-error.ts';
import { attachDiscount, creditDepositDiscount } from '../engagement/discount.service.ts';
import { GIFT_WAGERING_MULTIPLE } from '../engagement/engagement.rules.ts';
import { assertFaceFreshForDeposit } from '../identity/face-recheck.service.ts';
import { scheduleJob } from '../jobs/jobs.service.ts';
import { postTransaction } from '../ledger/ledger.service.ts';
import type { ConfirmedPix, PaymentProvider } from '../payments/provider.ts';
import { depositGiftAllowed } from '../rg/rg.registration.ts';
import { assertRegistrationCompleteForDeposit } from '../rg/rg.registration-due.ts';
import { assertDepositAllowed } from '../rg/rg.service.ts';
import { pollBeforeExpiry } from './pix-poll.ts';

export const DEPOSIT_TTL_SECONDS = 30 * 60;

const newTxid = () => randomBytes(16).toString('hex').slice(0, 32);

/** The providers a deposit may go through: PIX always, cards when the PSP's checkout is configured. */
export interface DepositProviders {
  deposit: PaymentProvider;
  card?: PaymentProvider;
  providers: PaymentProvider[];
}

/** The package on sale and the provider that sells it; a card package only while the card checkout is configured. */
async function packageOnSale(ctx: AppContext, payments: DepositProviders, pkgId: number) {
  const pkg = await ctx.db
    .selectFrom('price_packages')
    .select(['pkg_id', 'price_cents', 'gift_cents', 'channel'])
    .where('pkg_id', '=', BigInt(pkgId))
    .where('active', '=', true)
    .executeTakeFirst();
  const provider = pkg?.channel === 'card' ? payments.card : payments.deposit;
  if (!pkg || !provider) throw notFound();
  return { pkg, provider };
}
type PackageOnSale = Awaited<ReturnType<typeof packageOnSale>>['pkg'];

/** The API Pix charge names the payer (devedor) when KYC knows them. */
async function knownPayer(ctx: AppContext, userId: bigint) {
  const kyc = await ctx.db
    .selectFrom('users')
    .select(['kyc', 'kyc_name', 'kyc_cpf'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return kyc?.kyc === 1 && kyc.kyc_cpf && kyc.kyc_name ? { cpf: kyc.kyc_cpf, name: kyc.kyc_name } : undefined;
}

/** The order and its expiry job commit together, before the charge: whatever crashes later, the order expires. */
async function openDepositOrder(
  ctx: AppContext,
  userId: bigint,
  pkg: PackageOnSale,
  order: { provider: string; txid: string; bonusWanted: boolean; isApp: boolean },
) {
  return ctx.db.transaction().execute(async (trx) => {
    await assertRegistrationCompleteForDeposit(ctx, trx, userId);
    // Under br-licensed a fresh face check before the deposit too (decision 0068): 403/40301 until it is done.
    await assertFaceFreshForDeposit(ctx, trx, userId);
    await assertDepositAllowed(ctx, trx, userId, pkg.price_cents);
    const created = await trx
      .insertInto('orders')
      .values({
        user_id: userId,
        type: '10',
        amount_cents: pkg.price_cents,
        gift_cents: order.bonusWanted ? pkg.gift_cents : 0n,
        pkg_id: pkg.pkg_id,
        provider: order.provider,
        pay_no: order.txid,
        is_app: order.isApp,
        expires_at: sql<Date>`now() + make_interval(secs => ${DEPOSIT_TTL_SECONDS})` as unknown as Date,
        pay_card_bank: null,
        pay_card_no: null,
        ifsc: null,
        holder_name: null,
        whatsapp: null,
        usdt_rate: null,
        failure_reason: null,
        finished_at: null,
      })
      .returning(['id', 'expires_at'])
      .executeTakeFirstOrThrow();
    // 'Depositar sem bônus' (gift=0) holds for every deposit reward: the package's gift and the discount campaigns
    // (first-deposit and everyone offers alike). Lei 14.790 art. 29: none of them under the Brazilian licence.
    if (order.bonusWanted) await attachDiscount(trx, userId, created.id);
    await scheduleJob(
      trx,
      'expire_deposit',
      { orderId: created.id.toString() },
      { runAt: created.expires_at!, uniqueKey: `expire_deposit:${created.id}` },
    );
    return created;
  });
}

export async function prePay(
  ctx: AppContext,
  payments: DepositProviders,
  userId: bigint,
  input: { pkgId: number; gift: boolean; isApp: boolean },
) {
  const { pkg, provider } = await packageOnSale(ctx, payments, input.pkgId);
  const payer = await knownPayer(ctx, userId);
  const txid = newTxid();
  const bonusWanted = input.gift && depositGiftAllowed(ctx.config);
  const order = await openDepositOrder(ctx, userId, pkg, {
    provider: provider.name,
    txid,
    bonusWanted,
    isApp: input.isApp,
  });
  // The order is written before the charge: if we crash in between, the order simply expires unpaid.
  let charge: Awaited<ReturnType<PaymentProvider['createCharge']>>;
  try {
    charge = await provider.createCharge({
      txid,
      amountCents: pkg.price_cents,
      expiresInSeconds: DEPOSIT_TTL_SECONDS,
      description: `Depósito ${order.id}`,
      payer,
    });
  } catch (error) {
    await ctx.db
      .updateTable('orders')
      .set({ status: '-01', finished_at: sql`now()`, failure_reason: 'charge not created' })
      .where('id', '=', order.id)
      .execute();
    throw error;
  }
  await ctx.db
    .insertInto('payment_charges')
    .values({
      txid,
      order_id: order.id,
      provider: provider.name,
      amount_cents: pkg.price_cents,
      br_code: charge.brCode,
      end_to_end_id: null,
      expires_at: order.expires_at!,
      paid_at: null,
    })
    .execute();
  return { orderId: Number(order.id), payNo: charge.payNo, url: charge.url };
}

export async function getStatus(ctx: AppContext, userId: bigint, orderId: number) {
  const order = await ctx.db
    .selectFrom('orders')
    .select('status')
    .where('id', '=', BigInt(orderId))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw notFound();
  return { status: order.status };
}

/**
 * 'Cancelar recarga' (api-contract section 5): the provider's charge is removed first, so the payer can no longer
 * pay it, then the order becomes '01'. A paid order is a 409. An order that is already closed ('01', or '-01'
 * expired) stays as it is: cancelling it again changes nothing. If the payer was faster than the cancel, the
 * provider says so and the order is credited by its confirmation as usual (409 here).
 */
export async function cancelDeposit(
  ctx: AppContext,
  payments: DepositProviders,
  userId: bigint,
  orderId: number,
) {
  const order = await ctx.db
    .selectFrom('orders')
    .select(['id', 'status', 'pay_no', 'provider'])
    .where('id', '=', BigInt(orderId))
    .where('user_id', '=', userId)
    .where('type', '=', '10')
    .executeTakeFirst();
  if (!order) throw notFound();
  if (order.status === '10') throw conflict('deposit.already_paid');
  if (order.status !== '00') return { status: order.status };
  // The order's own provider: a card order is cancelled at the checkout, a PIX one at its cob.
  const provider =
    payments.providers.find((candidate) => candidate.name === order.provider) ?? payments.deposit;
  if (order.pay_no && (await provider.cancelCharge(order.pay_no)) === 'already_paid') {
    throw conflict('deposit.already_paid');
  }
  const cancelled = await ctx.db
    .updateTable('orders')
    .set({ status: '01', finished_at: sql`now()`, failure_reason: 'cancelled by the player' })
    .where('id', '=', order.id)
    .where('status', '=', '00')
    .returning('status')
    .executeTakeFirst();
  if (cancelled) return { status: cancelled.status };
  // The confirmation won the race between our read and this update.
  const now = await getStatus(ctx, userId, orderId);
  if (now.status === '10') throw conflict('deposit.already_paid');
  return now;
}

type CreditOutcome =
  | 'payer_mismatch'
  | 'credited'
  | 'duplicate'
  | 'unknown_charge'
  | 'expired_charge'
  | 'amount_mismatch'
  | 'refund_due'
  | 'bad_payment_time';

/** Clocks of the provider and ours may differ this much; a payment time further outside the order's life is wrong. */
export const PAYMENT_CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * Credits one confirmed PIX exactly once: order, ledger transactions, sums and wagering in one database
 * transaction, under a lock on the order. Anything that does not match an open, unexpired charge of the same
 * amount is recorded for the operator and moves nothing.
 */
export async function creditConfirmedPix(
  ctx: AppContext,
  provider: string,
  pix: ConfirmedPix,
  rawBody: string,
) {
  const result = await ctx.db.transaction().execute(async (trx) => {
    const record = (outcome: CreditOutcome) =>
      trx
        .insertInto('webhook_events')
        .values({
          provider,
          txid: pix.txid,
          end_to_end_id: pix.endToEndId,
          outcome,
          body: rawBody.slice(0, 10_000),
        })
        .execute()
        .then(() => ({ outcome, userId: undefined as bigint | undefined, orderId: 0n, amountCents: 0n }));
    const charge = await trx
      .selectFrom('payment_charges')
      .select(['order_id', 'amount_cents'])
      .where('txid', '=', pix.txid)
      .where('provider', '=', provider)
      .executeTakeFirst();
    if (!charge) return record('unknown_charge');
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'user_id', 'status', 'amount_cents', 'gift_cents', 'pkg_id', 'expires_at', 'created_at'])
      .where('id', '=', charge.order_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const refusal = refusalOf(order, pix);
    if (refusal) return record(refusal);
    if (ctx.config.regulatoryProfile === 'br-licensed' && !(await paidByPlayer(trx, order, pix))) {
      await returnPayment(trx, provider, order, pix, rawBody);
      return {
        outcome: 'payer_mismatch' as const,
        userId: order.user_id,
        orderId: order.id,
        amountCents: 0n,
      };
    }
    await creditOrder(trx, provider, order, pix);
    const done = await record('credited');
    return { ...done, userId: order.user_id, orderId: order.id, amountCents: order.amount_cents };
  });
  if (result.outcome === 'credited' && result.userId !== undefined) {
    ctx.realtime.emitToUser(result.userId, 'paySuccess', {
      orderId: Number(result.orderId),
      amount: centsToReais(result.amountCents),
    });
    await ctx.events.publish('balanceChanged', { userId: result.userId, change: 'deposit' });
  }
  if (result.outcome !== 'credited' && result.outcome !== 'duplicate') {
    ctx.log.warn({ txid: pix.txid, outcome: result.outcome }, 'webhook payment not credited');
  }
  return result.outcome;
}

/** Why the order closed when its Pix came from another CPF (orders.failure_reason; the back office reads it). */
export const PAYER_MISMATCH_REASON = 'devolvido: CPF do pagador diferente';

/**
 * br-licensed (Lei 14.790 art. 22, the player's own account): the PSP's record of the Pix names the payer's CPF and
 * it is the player's KYC CPF. A Pix whose payer the PSP does not name is not proof of that either.
 */
async function paidByPlayer(trx: Tx, order: LockedDeposit, pix: ConfirmedPix): Promise<boolean> {
  const user = await trx
    .selectFrom('users')
    .select('kyc_cpf')
    .where('id', '=', order.user_id)
    .executeTakeFirstOrThrow();
  return Boolean(pix.payerCpf) && pix.payerCpf === user.kyc_cpf;
}

/**
 * A Pix from another CPF (br-licensed): nothing is credited (the ledger never moves: the money was never the
 * player's), the order closes ('01') with the reason, the delivery is kept as 'payer_mismatch', and the durable job
 * `return_pix` asks the PSP for the devolução after the commit (decision 0066).
 */
async function returnPayment(
  trx: Tx,
  provider: string,
  order: LockedDeposit,
  pix: ConfirmedPix,
  rawBody: string,
) {
  await trx
    .updateTable('orders')
    .set({ status: '01', finished_at: sql`now()`, failure_reason: PAYER_MISMATCH_REASON })
    .where('id', '=', order.id)
    .where('status', 'in', ['00', '-01'])
    .execute();
  const event = await trx
    .insertInto('webhook_events')
    .values({
      provider,
      txid: pix.txid,
      end_to_end_id: pix.endToEndId,
      outcome: 'payer_mismatch',
      body: rawBody.slice(0, 10_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await scheduleJob(
    trx,
    'return_pix',
    { eventId: event.id.toString() },
    { uniqueKey: `return_pix:${pix.endToEndId}` },
  );
}

interface LockedDeposit {
  id: bigint;
  user_id: bigint;
  status: string;
  amount_cents: bigint;
  gift_cents: bigint;
  pkg_id: bigint | null;
  expires_at: Date | null;
  created_at: Date;
}

/** Why a confirmed PIX does not credit this order, or undefined when it does. */
function refusalOf(order: LockedDeposit, pix: ConfirmedPix): CreditOutcome | undefined {
  if (order.status === '10') return 'duplicate';
  // A payment time before the order existed, or ahead of our clock, is not a payment of this order (a signed
  // delivery with horario in 1970 must not credit).
  const paidAt = pix.paidAt.getTime();
  if (
    paidAt < order.created_at.getTime() - PAYMENT_CLOCK_SKEW_MS ||
    paidAt > Date.now() + PAYMENT_CLOCK_SKEW_MS
  ) {
    return 'bad_payment_time';
  }
  // The player cancelled this order: money that still came is the payer's, to be refunded by the operator.
  if (order.status === '01') return 'refund_due';
  // An order the expiry job closed ('-01') is still credited when the PSP says it was paid within its life (a
  // late notification, or the poll finding it): the payer paid a live charge (issue 29).
  if (
    (order.status !== '00' && order.status !== '-01') ||
    (order.expires_at && order.expires_at.getTime() <= pix.paidAt.getTime())
  ) {
    return 'expired_charge';
  }
  if (pix.amountCents !== order.amount_cents) return 'amount_mismatch';
  return undefined;
}

/** The player's sums and wagering, the deposit and its gift in the ledger, the discount, the order paid. */
async function creditOrder(trx: Tx, provider: string, order: LockedDeposit, pix: ConfirmedPix) {
  // Lock order for every money path: the player's row before the ledger accounts. Withdrawals and transfers lock
  // the row first to decide; posting first and updating the row after deadlocks against them.
  const pkg = order.pkg_id
    ? await trx
        .selectFrom('price_packages')
        .select('rollover_multiple')
        .where('pkg_id', '=', order.pkg_id)
        .executeTakeFirst()
    : undefined;
  const wagering =
    order.gift_cents * GIFT_WAGERING_MULTIPLE + order.amount_cents * BigInt(pkg?.rollover_multiple ?? 0);
  // The row's update also sets the VIP level (the `users` trigger on the operator's `vip_levels`).
  await trx
    .updateTable('users')
    .set({
      pay_sum_cents: sql`pay_sum_cents + ${order.amount_cents}`,
      pay_cents: order.amount_cents,
      wagering_remaining_cents: sql`wagering_remaining_cents + ${wagering}`,
    })
    .where('id', '=', order.user_id)
    .execute();
  await postDeposit(trx, provider, order);
  await creditDepositDiscount(trx, order.id);
  await trx
    .updateTable('orders')
    .set({ status: '10', finished_at: pix.paidAt })
    .where('id', '=', order.id)
    .execute();
  await trx
    .updateTable('payment_charges')
    .set({ end_to_end_id: pix.endToEndId, paid_at: pix.paidAt })
    .where('txid', '=', pix.txid)
    .execute();
}

async function postDeposit(trx: Tx, provider: string, order: LockedDeposit) {
  const reference = { referenceType: 'order', referenceId: order.id.toString() };
  await postTransaction(trx, {
    code: 'deposit',
    idempotencyKey: `deposit:${order.id}`,
    ...reference,
    postings: [
      { account: { kind: 'house_provider_clearing', name: provider }, amountCents: -order.amount_cents },
      { account: { kind: 'player_cash', userId: order.user_id }, amountCents: order.amount_cents },
    ],
  });
  if (order.gift_cents > 0n) {
    await postTransaction(trx, {
      code: 'deposit_gift',
      idempotencyKey: `deposit_gift:${order.id}`,
      ...reference,
      postings: [
        { account: { kind: 'house_bonus_cost' }, amountCents: -order.gift_cents },
        { account: { kind: 'player_bonus', userId: order.user_id }, amountCents: order.gift_cents },
      ],
    });
  }
}

/**
 * The durable expiry job: an order still open after 30 minutes becomes '-01'; only a payment made within its life
 * (told late by the PSP) can still credit it.
 */
export async function expireDeposit(ctx: AppContext, payload: Record<string, unknown>): Promise<void> {
  const orderId = BigInt(String(payload.orderId));
  // The PSP is asked first: a charge paid whose notification was lost is credited instead (issue 29).
  await pollBeforeExpiry(ctx, orderId);
  await ctx.db
    .updateTable('orders')
    .set({ status: '-01', finished_at: sql`now()` })
    .where('id', '=', orderId)
    .where('type', '=', '10')
    .where('status', '=', '00')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}
