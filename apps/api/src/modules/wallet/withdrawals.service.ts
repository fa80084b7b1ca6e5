import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { PayoutType } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { conflict, DomainError, type MessageParams } from '../../lib/domain-error.ts';
import { money } from '../../lib/messages.ts';
import { playerZoneMinutes, startOfPlayerDay } from '../auth/player-zone.ts';
import { type LevelWithdrawRoom, levelWithdrawRoom } from '../engagement/vip.service.ts';
import { assertFaceFreshForWithdrawal } from '../identity/face-recheck.service.ts';
import { scheduleJob } from '../jobs/jobs.service.ts';
import { playerBalances, postTransaction } from '../ledger/ledger.service.ts';
import type { PaymentProvider, PayoutRail, PayoutState } from '../payments/provider.ts';
import { assertIdentityApproved, assertPayoutAllowed } from '../rg/payout.rules.ts';
import { roundOpen } from '../slots/slots.rounds.ts';
import { postWinningsTax, winningsTaxFor } from '../tax/tax.service.ts';
import { forfeitBonus } from './withdrawal-forfeit.ts';
import { holdForReviewOrPay } from './withdrawal-review.ts';
import {
  checkWithdrawal,
  isAccountRefusal,
  normaliseAccount,
  type UnreleasedBonus,
  unreleasedBonus,
  WITHDRAWAL_MAX_CENTS,
  WITHDRAWAL_MIN_CENTS,
  type WithdrawLimits,
  withdrawableCents,
} from './withdrawals.rules.ts';

const PAYOUT_TYPES: PayoutType[] = ['CPF', 'CNPJ', 'USDT'];

/**
 * Decision 0052: under br-licensed, by default, no daily cap or count keeps a player from what they won (Lei 14.790
 * art. 21, Portaria SPA/MF 615/2024): the day's room is the whole cash and one more withdrawal is always allowed.
 * The level's caps are still shown; BR_WITHDRAW_CAPS=apply keeps them binding.
 */
function prizesFirst(ctx: AppContext, cashCents: bigint, room: LevelWithdrawRoom): LevelWithdrawRoom {
  if (ctx.config.regulatoryProfile !== 'br-licensed' || ctx.config.payouts.licensedCaps === 'apply')
    return room;
  return { ...room, countLeft: Math.max(room.countLeft, 1), amountLeftCents: cashCents };
}

async function limitsFor(
  ctx: AppContext,
  trx: Tx,
  userId: bigint,
  requestedZone: number | undefined,
): Promise<
  WithdrawLimits & {
    bonus: UnreleasedBonus;
    wageringLeftCents: bigint;
    transferableCents: bigint;
    room: LevelWithdrawRoom;
  }
> {
  const zoneMinutes = await playerZoneMinutes(trx, userId, requestedZone);
  const user = await trx
    .selectFrom('users')
    .select(['wagering_remaining_cents', 'wagering_total_cents', 'test_flag'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const { cashCents, bonusCents } = await playerBalances(trx, userId);
  // The VIP level's daily cap and count (api-contract section 13, decision 0029) are the one source of the
  // day's room; WITHDRAWALS_PER_DAY, when the operator sets it, lowers every level's count alike.
  const room = prizesFirst(
    ctx,
    cashCents,
    await levelWithdrawRoom(trx, userId, startOfPlayerDay(zoneMinutes), ctx.config.withdrawalsPerDay),
  );
  // Decision 0029: the player's own cash is never held by a bonus's wagering; a test account's balance is play
  // money, nothing of it is withdrawable.
  const withdrawable = user.test_flag ? 0n : cashCents;
  return {
    // A slot round still open: the provider holds part of the player's money (modules/slots).
    lock: await roundOpen(trx, userId, ctx.config.slots.sessionTtlMinutes),
    remainingToday: room.countLeft,
    withdrawableCents: withdrawable < room.amountLeftCents ? withdrawable : room.amountLeftCents,
    bonus: unreleasedBonus(bonusCents, user.wagering_remaining_cents, user.wagering_total_cents),
    wageringLeftCents: user.wagering_remaining_cents,
    // A transfer cannot forfeit a bonus: the wagering still holds it (modules/wallet/transfers.service.ts).
    transferableCents: user.test_flag ? 0n : withdrawableCents(cashCents, user.wagering_remaining_cents),
    room,
  };
}

/** `requestedZone`: the request's `zone` in minutes, which moves the player's recorded zone at most weekly. */
export async function getWithdrawInfo(ctx: AppContext, userId: bigint, requestedZone: number | undefined) {
  const limits = await ctx.db.transaction().execute((trx) => limitsFor(ctx, trx, userId, requestedZone));
  const saved = await ctx.db
    .selectFrom('payout_accounts')
    .select(['type', 'pay_card_no', 'ifsc', 'holder_name', 'whatsapp', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .execute();
  type Saved = { ifsc: string; payCardNo: string; name: string; whatsapp: string } | null;
  const cardInfo: { CPF: Saved; CNPJ: Saved; USDT: Saved; CHANNEL: string } = {
    CPF: null,
    CNPJ: null,
    USDT: null,
    CHANNEL: saved[0]?.type ?? 'CPF',
  };
  for (const row of saved) {
    cardInfo[row.type] = {
      ifsc: row.ifsc,
      payCardNo: row.pay_card_no,
      name: row.holder_name,
      whatsapp: row.whatsapp,
    };
  }
  return {
    limitAmount: centsToReais(WITHDRAWAL_MIN_CENTS),
    number: limits.remainingToday,
    lock: limits.lock,
    wdAmount: centsToReais(limits.withdrawableCents),
    usdtRate: Number(ctx.config.usdtRate),
    cardInfo,
    // Ours (decision 0029): the caps the sheet shows, the same numbers as the VIP page's row of this level.
    maxAmount: centsToReais(WITHDRAWAL_MAX_CENTS),
    dayMax: centsToReais(limits.room.dayMaxCents),
    dayCount: limits.room.dayCount,
    // Ours (decision 0029): the bonus a withdrawal now forfeits, and the wagering that would release it instead.
    bonus: limits.bonus
      ? {
          amount: centsToReais(limits.bonus.bonusCents),
          wageringLeft: centsToReais(limits.bonus.wageringLeftCents),
          wageringRequired: centsToReais(limits.bonus.wageringTotalCents),
        }
      : null,
    // Ours: what a transfer to another player may move now (no daily cap; the wagering owed still holds it).
    transferAmount: centsToReais(limits.transferableCents),
  };
}

export interface WithdrawRequest {
  payCardBank?: string;
  payCardNo?: string;
  ifsc?: string;
  name?: string;
  whatsapp?: string;
  amountCents?: bigint;
  /** Ours (decision 0029): the player confirmed that this withdrawal forfeits the unreleased bonus. */
  forfeitBonus?: boolean;
}

/** The spec's own checks (api-contract section 2) answer 500/9999 with their messages. */
function assertWithdrawalPasses(limits: WithdrawLimits, input: WithdrawRequest, lx: string) {
  const refusal = checkWithdrawal(limits, {
    payCardBank: input.payCardBank,
    payCardNo: input.payCardNo?.trim(),
    amountCents: input.amountCents,
    lx,
  });
  if (!refusal) return;
  // Amounts are reais of the ledger: the message shows R$ and the caller's digits whatever its language.
  const params: MessageParams = {};
  if ('limitCents' in refusal) params.limit = money(refusal.limitCents);
  if ('maxCents' in refusal) params.max = money(refusal.maxCents);
  throw new DomainError(
    isAccountRefusal(refusal) ? 'INVALID_INPUT' : 'WITHDRAWAL_REFUSED',
    refusal.key,
    params,
  );
}

/** Where the money goes, as the order and the saved account record it. */
export interface PayoutAccount {
  type: PayoutType;
  accountNo: string;
  ifsc: string;
  holderName: string;
  whatsapp: string;
}

function payoutAccountOf(ctx: AppContext, type: PayoutType, input: WithdrawRequest): PayoutAccount {
  const accountNo = normaliseAccount(type, input.payCardNo!.trim());
  return {
    type,
    accountNo,
    ifsc:
      type === 'USDT' ? ctx.config.usdtRate : type === 'CPF' ? accountNo : (input.ifsc ?? '').slice(0, 50),
    holderName: type === 'USDT' ? '' : (input.name ?? '').trim().slice(0, 100),
    whatsapp: (input.whatsapp ?? '').trim().slice(0, 30),
  };
}

export async function insertWithdrawalOrder(
  ctx: AppContext,
  trx: Tx,
  userId: bigint,
  amountCents: bigint,
  account: PayoutAccount,
) {
  const order = await trx
    .insertInto('orders')
    .values({
      user_id: userId,
      type: '11',
      amount_cents: amountCents,
      // The rail that pays it (its name is payout_attempts.provider too), not the removed sandbox.
      provider: ctx.config.pix.payouts,
      pay_no: null,
      pkg_id: null,
      pay_card_bank: account.type,
      pay_card_no: account.accountNo,
      ifsc: account.ifsc,
      holder_name: account.holderName,
      whatsapp: account.whatsapp,
      usdt_rate: account.type === 'USDT' ? ctx.config.usdtRate : null,
      failure_reason: null,
      expires_at: null,
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return order.id;
}

/** The withdrawal sheet offers the last account of each type next time. */
async function savePayoutAccount(trx: Tx, userId: bigint, account: PayoutAccount) {
  const { type, accountNo, ifsc, holderName, whatsapp } = account;
  await trx
    .insertInto('payout_accounts')
    .values({ user_id: userId, type, pay_card_no: accountNo, ifsc, holder_name: holderName, whatsapp })
    .onConflict((oc) =>
      oc.columns(['user_id', 'type']).doUpdateSet({
        pay_card_no: accountNo,
        ifsc,
        holder_name: holderName,
        whatsapp,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

export async function holdWithdrawal(trx: Tx, userId: bigint, orderId: bigint, amountCents: bigint) {
  await postTransaction(trx, {
    code: 'withdrawal_hold',
    idempotencyKey: `withdrawal_hold:${orderId}`,
    referenceType: 'order',
    referenceId: orderId.toString(),
    postings: [
      { account: { kind: 'player_cash', userId }, amountCents: -amountCents },
      { account: { kind: 'player_withdrawal_hold', userId }, amountCents },
    ],
  });
}

export async function requestWithdrawal(
  ctx: AppContext,
  userId: bigint,
  requestedZone: number | undefined,
  input: WithdrawRequest,
  provider: PaymentProvider,
) {
  const orderId = await ctx.db.transaction().execute(async (trx) => {
    // One withdrawal decision at a time per player: the daily count and the balance are read under this lock.
    const user = await trx
      .selectFrom('users')
      .select(['lx', 'test_flag'])
      .where('id', '=', userId)
      // NO KEY UPDATE, not UPDATE: it serialises this player's money decisions without blocking the foreign-key
      // checks of rows that merely name the player (a transfer to them, their order); FOR UPDATE would, and two
      // opposite transfers then deadlock on each other's inserts.
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();
    if (user.test_flag) throw new DomainError('WITHDRAWAL_REFUSED', 'wallet.play_money');
    const limits = await limitsFor(ctx, trx, userId, requestedZone);
    assertWithdrawalPasses(limits, input, user.lx);
    const type = input.payCardBank as PayoutType;
    if (!PAYOUT_TYPES.includes(type)) throw new DomainError('WITHDRAWAL_REFUSED', 'withdraw.incomplete');
    const account = payoutAccountOf(ctx, type, input);
    // After the spec's own checks (api-contract section 2), the identity: in review or rejected is a 409 with its
    // own reason, which the spec's client alerts without opening the deposit sheet (decision 0029). Then KYC that
    // holds (modules/rg): under br-licensed no USDT and only the player's own CPF.
    await assertIdentityApproved(trx, userId);
    // Under br-licensed a fresh face check before the withdrawal (decision 0068): 403/40301 until it is done.
    await assertFaceFreshForWithdrawal(ctx, trx, userId);
    await assertPayoutAllowed(ctx, trx, provider, userId, type, account.accountNo);
    // An unreleased bonus is forfeited only with the player's say-so, naming the amount (409 until then).
    if (limits.bonus && !input.forfeitBonus) {
      throw conflict('withdraw.bonus_forfeit_confirm', {
        bonus: money(limits.bonus.bonusCents),
        left: money(limits.bonus.wageringLeftCents),
      });
    }
    // Decision 0057: under WINNINGS_TAX=withhold the IRRF on net prizes leaves the requested amount here; the
    // order (and the PSP's transfer) is the net.
    const tax = await winningsTaxFor(ctx, trx, userId, input.amountCents!);
    const amountCents = input.amountCents! - tax.taxCents;
    const orderId = await insertWithdrawalOrder(ctx, trx, userId, amountCents, account);
    if (limits.bonus || limits.wageringLeftCents > 0n) await forfeitBonus(trx, userId, orderId, limits.bonus);
    await postWinningsTax(trx, userId, orderId, tax);
    await holdWithdrawal(trx, userId, orderId, amountCents);
    await savePayoutAccount(trx, userId, account);
    // Back office (api-contract section 12): review or pay at once.
    await holdForReviewOrPay(ctx, trx, {
      orderId,
      userId,
      amountCents,
      payCardNo: account.accountNo,
      holderName: account.holderName,
    });
    return orderId;
  });
  await ctx.events.publish('balanceChanged', { userId });
  return { orderId: Number(orderId) };
}

/** A payout the PSP has not settled is asked about again after this, doubling up to an hour. */
export const PAYOUT_RECHECK_SECONDS = 15;

/** The payout's id at the PSP: ours, fixed per withdrawal, so the PSP can refuse a second transfer. */
export const idEnvioOf = (orderId: bigint) => `W${orderId}`;

/**
 * The durable payout job (kinds `pay_withdrawal` and `check_payout`). A withdrawal is sent at most once: the intent
 * and its `idEnvio` are committed before the PSP is called; a re-run (after a timeout, a crash, or while the PSP
 * is processing) asks the PSP about that `idEnvio` and sends only when the PSP never received it. A paid payout
 * settles the hold (status '10'); a failed or returned one gives it back to the player (status '01'). Settling is
 * conditional on the order being open, in the same transaction as the attempt's final state.
 */
export function payWithdrawalJob(rail: PayoutRail) {
  return async (ctx: AppContext, payload: Record<string, unknown>): Promise<void> => {
    const order = await openWithdrawal(ctx, BigInt(String(payload.orderId)));
    if (!order) return;
    const { recorded, attempt } = await recordAttempt(ctx, rail, order.id);
    if (attempt.status === 'paid' || attempt.status === 'failed') return;
    const state = await askOrSend(ctx, rail, order, attempt.status, recorded);
    if (!state || state.status === 'pending') {
      await recheckLater(ctx, order.id, attempt, state);
      return;
    }
    await settleWithdrawal(ctx, order, attempt.provider, state);
    await ctx.events.publish('balanceChanged', { userId: order.user_id });
  };
}

/** The withdrawal order, if it is still open (status '00'). */
async function openWithdrawal(ctx: AppContext, orderId: bigint) {
  const order = await ctx.db
    .selectFrom('orders')
    .select(['id', 'user_id', 'status', 'amount_cents', 'pay_card_bank', 'pay_card_no', 'holder_name'])
    .where('id', '=', orderId)
    .where('type', '=', '11')
    .executeTakeFirst();
  return order?.status === '00' ? order : undefined;
}
type OpenWithdrawal = NonNullable<Awaited<ReturnType<typeof openWithdrawal>>>;

/** Commits the intent and its `idEnvio` before the PSP is called; `recorded` says this run created it. */
async function recordAttempt(ctx: AppContext, rail: PayoutRail, orderId: bigint) {
  const recorded = await ctx.db
    .insertInto('payout_attempts')
    .values({
      order_id: orderId,
      provider: rail.name,
      id_envio: idEnvioOf(orderId),
      end_to_end_id: null,
      detail: null,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('order_id')
    .executeTakeFirst();
  const attempt = await ctx.db
    .selectFrom('payout_attempts')
    .select(['status', 'checks', 'provider'])
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { recorded: recorded !== undefined, attempt };
}

type PayoutAttempt = Awaited<ReturnType<typeof recordAttempt>>['attempt'];

/** The PSP's answer, or undefined when the outcome is unknown (the job asks again later). */
async function askOrSend(
  ctx: AppContext,
  rail: PayoutRail,
  order: OpenWithdrawal,
  attemptStatus: PayoutAttempt['status'],
  recorded: boolean,
): Promise<PayoutState | undefined> {
  const idEnvio = idEnvioOf(order.id);
  const request = {
    payoutId: idEnvio,
    amountCents: order.amount_cents,
    keyType: order.pay_card_bank!,
    key: order.pay_card_no!,
    holderName: order.holder_name ?? '',
  };
  try {
    // A fresh intent is sent; an older one is asked about first, and sent only if the PSP never got it.
    let known: PayoutState | { status: 'unknown' } = { status: 'unknown' };
    if (!recorded) known = await rail.status(idEnvio, order.amount_cents);
    if (known.status !== 'unknown') return known;
    if (attemptStatus === 'pending') {
      // The PSP said it was processing and now forgets it: never send again; it stays pending (and is logged
      // at every check) for the operator.
      throw new Error(`payout ${idEnvio}: the PSP no longer knows a transfer it accepted`);
    }
    // Not a fresh intent: the first send may have gone through although the PSP's query says 404.
    return await rail.send(idEnvio, request, { resend: !recorded });
  } catch (error) {
    ctx.log.warn({ err: error, orderId: order.id.toString() }, 'payout outcome unknown: will ask the PSP');
    return undefined;
  }
}

async function recheckLater(
  ctx: AppContext,
  orderId: bigint,
  attempt: PayoutAttempt,
  state: Extract<PayoutState, { status: 'pending' }> | undefined,
) {
  const checks = attempt.checks + 1;
  await ctx.db.transaction().execute(async (trx) => {
    // Another run (the PSP's notice, another node) may have settled the payout while this one waited on the PSP:
    // a settled attempt is final, and needs no further check.
    const stillOpen = await trx
      .updateTable('payout_attempts')
      .set({
        status: state ? 'pending' : attempt.status,
        end_to_end_id: state?.reference ?? null,
        checks,
        updated_at: sql`now()`,
      })
      .where('order_id', '=', orderId)
      .where('status', 'not in', ['paid', 'failed'])
      .returning('order_id')
      .executeTakeFirst();
    if (!stillOpen) return;
    await scheduleJob(
      trx,
      'check_payout',
      { orderId: orderId.toString() },
      {
        runAt: new Date(
          Date.now() + Math.min(3600, PAYOUT_RECHECK_SECONDS * 2 ** Math.min(checks, 12)) * 1000,
        ),
        uniqueKey: `check_payout:${orderId}:${checks}`,
      },
    );
  });
}

/** Closes the order and moves the hold: to the PSP when paid, back to the player when failed or returned. */
async function settleWithdrawal(
  ctx: AppContext,
  order: OpenWithdrawal,
  provider: string,
  outcome: Exclude<PayoutState, { status: 'pending' }>,
) {
  await ctx.db.transaction().execute(async (trx) => {
    const open = await trx
      .updateTable('orders')
      .set({
        status: outcome.status === 'paid' ? '10' : '01',
        finished_at: sql`now()`,
        failure_reason: outcome.status === 'failed' ? outcome.reason.slice(0, 500) : null,
      })
      .where('id', '=', order.id)
      .where('status', '=', '00')
      .returning('id')
      .executeTakeFirst();
    if (!open) return;
    await trx
      .updateTable('payout_attempts')
      .set({
        status: outcome.status,
        end_to_end_id: outcome.status === 'paid' ? outcome.reference : null,
        detail: outcome.status === 'failed' ? outcome.reason.slice(0, 500) : null,
        updated_at: sql`now()`,
      })
      .where('order_id', '=', order.id)
      .execute();
    if (outcome.status === 'paid') await postPaid(trx, order, provider);
    else await postReturned(trx, order);
  });
}

async function postPaid(trx: Tx, order: OpenWithdrawal, provider: string) {
  // The player's row before the ledger accounts, as every money path does (else it deadlocks with them).
  await trx
    .updateTable('users')
    .set({ wd_sum_cents: sql`wd_sum_cents + ${order.amount_cents}` })
    .where('id', '=', order.user_id)
    .execute();
  await postTransaction(trx, {
    code: 'withdrawal_paid',
    idempotencyKey: `withdrawal_paid:${order.id}`,
    referenceType: 'order',
    referenceId: order.id.toString(),
    postings: [
      {
        account: { kind: 'player_withdrawal_hold', userId: order.user_id },
        amountCents: -order.amount_cents,
      },
      { account: { kind: 'house_provider_clearing', name: provider }, amountCents: order.amount_cents },
    ],
  });
}

async function postReturned(trx: Tx, order: OpenWithdrawal) {
  await postTransaction(trx, {
    code: 'withdrawal_returned',
    idempotencyKey: `withdrawal_returned:${order.id}`,
    referenceType: 'order',
    referenceId: order.id.toString(),
    postings: [
      {
        account: { kind: 'player_withdrawal_hold', userId: order.user_id },
        amountCents: -order.amount_cents,
      },
      { account: { kind: 'player_cash', userId: order.user_id }, amountCents: order.amount_cents },
    ],
  });
}
