import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { PayoutType } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { money } from '../../http/messages.ts';
import { DomainError, type MessageParams } from '../../lib/domain-error.ts';
import { playerZoneMinutes, startOfPlayerDay } from '../auth/player-zone.ts';
import { playerBalances, postTransaction } from '../ledger/ledger.service.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { pushBalance } from './wallet.events.ts';
import { holdForReviewOrPay } from './withdrawal-review.ts';
import {
  checkWithdrawal,
  isAccountRefusal,
  normaliseAccount,
  WITHDRAWAL_MIN_CENTS,
  type WithdrawLimits,
  withdrawableCents,
} from './withdrawals.rules.ts';

const PAYOUT_TYPES: PayoutType[] = ['CPF', 'CNPJ', 'USDT'];

async function limitsFor(
  ctx: AppContext,
  trx: Tx,
  userId: bigint,
  requestedZone: number | undefined,
): Promise<WithdrawLimits> {
  const zoneMinutes = await playerZoneMinutes(trx, userId, requestedZone);
  const user = await trx
    .selectFrom('users')
    .select(['wagering_remaining_cents', 'test_flag'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const { cashCents } = await playerBalances(trx, userId);
  const today = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('type', '=', '11')
    .where('created_at', '>=', startOfPlayerDay(zoneMinutes))
    .executeTakeFirstOrThrow();
  return {
    // No provider game can hold funds until the slots integration exists; its sessions will set this.
    lock: false,
    remainingToday: Math.max(0, ctx.config.withdrawalsPerDay - Number(today.count)),
    // A test account's balance is play money: nothing of it is withdrawable.
    withdrawableCents: user.test_flag ? 0n : withdrawableCents(cashCents, user.wagering_remaining_cents),
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
  };
}

export interface WithdrawRequest {
  payCardBank?: string;
  payCardNo?: string;
  ifsc?: string;
  name?: string;
  whatsapp?: string;
  amountCents?: bigint;
}

export async function requestWithdrawal(
  ctx: AppContext,
  userId: bigint,
  requestedZone: number | undefined,
  input: WithdrawRequest,
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
    const refusal = checkWithdrawal(limits, {
      payCardBank: input.payCardBank,
      payCardNo: input.payCardNo?.trim(),
      amountCents: input.amountCents,
      lx: user.lx,
    });
    if (refusal) {
      // Amounts are reais of the ledger: the message shows R$ and the caller's digits whatever its language.
      const params: MessageParams = {};
      if ('limitCents' in refusal) params.limit = money(refusal.limitCents);
      if ('maxCents' in refusal) params.max = money(refusal.maxCents);
      // api-contract section 2: a withdrawal's own checks answer 500/9999 with their messages.
      throw new DomainError(
        isAccountRefusal(refusal) ? 'INVALID_INPUT' : 'WITHDRAWAL_REFUSED',
        refusal.key,
        params,
      );
    }
    const type = input.payCardBank as PayoutType;
    if (!PAYOUT_TYPES.includes(type)) throw new DomainError('WITHDRAWAL_REFUSED', 'withdraw.incomplete');
    const accountNo = normaliseAccount(type, input.payCardNo!.trim());
    const amountCents = input.amountCents!;
    const ifsc =
      type === 'USDT' ? ctx.config.usdtRate : type === 'CPF' ? accountNo : (input.ifsc ?? '').slice(0, 50);
    const holderName = type === 'USDT' ? '' : (input.name ?? '').trim().slice(0, 100);
    const whatsapp = (input.whatsapp ?? '').trim().slice(0, 30);
    const order = await trx
      .insertInto('orders')
      .values({
        user_id: userId,
        type: '11',
        amount_cents: amountCents,
        provider: 'sandbox',
        pay_no: null,
        pkg_id: null,
        pay_card_bank: type,
        pay_card_no: accountNo,
        ifsc,
        holder_name: holderName,
        whatsapp,
        usdt_rate: type === 'USDT' ? ctx.config.usdtRate : null,
        failure_reason: null,
        expires_at: null,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await postTransaction(trx, {
      code: 'withdrawal_hold',
      idempotencyKey: `withdrawal_hold:${order.id}`,
      referenceType: 'order',
      referenceId: order.id.toString(),
      postings: [
        { account: { kind: 'player_cash', userId }, amountCents: -amountCents },
        { account: { kind: 'player_withdrawal_hold', userId }, amountCents },
      ],
    });
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
    // Back office (api-contract section 12): review or pay at once.
    await holdForReviewOrPay(ctx, trx, {
      orderId: order.id,
      userId,
      amountCents,
      payCardNo: accountNo,
      holderName,
    });
    return order.id;
  });
  await pushBalance(ctx, userId);
  return { orderId: Number(orderId) };
}

/**
 * The durable payout job: asks the provider to pay (the payout id is its idempotency key at the PSP), then
 * settles the hold (status '10') or returns it to the player (status '01'). Finishing is conditional on the order
 * still being open, so a re-run after a crash changes nothing twice.
 */
export function payWithdrawalJob(provider: PaymentProvider) {
  return async (ctx: AppContext, payload: Record<string, unknown>): Promise<void> => {
    const orderId = BigInt(String(payload.orderId));
    const order = await ctx.db
      .selectFrom('orders')
      .select([
        'id',
        'user_id',
        'status',
        'amount_cents',
        'pay_card_bank',
        'pay_card_no',
        'holder_name',
        'provider',
      ])
      .where('id', '=', orderId)
      .where('type', '=', '11')
      .executeTakeFirst();
    if (order?.status !== '00') return;
    const outcome = await provider.payout({
      payoutId: `W${order.id}`,
      amountCents: order.amount_cents,
      keyType: order.pay_card_bank!,
      key: order.pay_card_no!,
      holderName: order.holder_name ?? '',
    });
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
      const hold = { kind: 'player_withdrawal_hold' as const, userId: order.user_id };
      const reference = { referenceType: 'order', referenceId: order.id.toString() };
      if (outcome.status === 'paid') {
        // The player's row before the ledger accounts, as every money path does (else it deadlocks with them).
        await trx
          .updateTable('users')
          .set({ wd_sum_cents: sql`wd_sum_cents + ${order.amount_cents}` })
          .where('id', '=', order.user_id)
          .execute();
        await postTransaction(trx, {
          code: 'withdrawal_paid',
          idempotencyKey: `withdrawal_paid:${order.id}`,
          ...reference,
          postings: [
            { account: hold, amountCents: -order.amount_cents },
            {
              account: { kind: 'house_provider_clearing', name: order.provider },
              amountCents: order.amount_cents,
            },
          ],
        });
      } else {
        await postTransaction(trx, {
          code: 'withdrawal_returned',
          idempotencyKey: `withdrawal_returned:${order.id}`,
          ...reference,
          postings: [
            { account: hold, amountCents: -order.amount_cents },
            { account: { kind: 'player_cash', userId: order.user_id }, amountCents: order.amount_cents },
          ],
        });
      }
    });
    await pushBalance(ctx, order.user_id);
  };
}
