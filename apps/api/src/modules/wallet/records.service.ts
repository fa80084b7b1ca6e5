import { centsToReais } from '@aposta/money';
import type { AppContext } from '../../app-context.ts';
import { maskUsername } from '../invite/invite.rules.ts';
import { taxOfOrders } from '../tax/tax.service.ts';

function taxLine(taxCents: bigint | undefined, netCents: bigint) {
  return taxCents === undefined
    ? {}
    : { gross: centsToReais(netCents + taxCents), tax: centsToReais(taxCents) };
}

/** The player's deposits and withdrawals, newest first; only the caller's rows exist for the caller. */
export async function listRecords(
  ctx: AppContext,
  userId: bigint,
  query: { type?: '10' | '11'; page: number; size: number },
) {
  let base = ctx.db.selectFrom('orders').where('user_id', '=', userId);
  if (query.type) base = base.where('type', '=', query.type);
  const [rows, total] = await Promise.all([
    base
      .select([
        'id',
        'type',
        'amount_cents',
        'gift_cents',
        'status',
        'created_at',
        'finished_at',
        'pay_card_bank',
        'pay_card_no',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  // Decision 0057: a withdrawal that withheld the winnings tax shows what was asked for, the tax and the net paid.
  const taxes = await taxOfOrders(
    ctx.db,
    rows.filter((row) => row.type === '11').map((row) => row.id),
  );
  return {
    records: rows.map((row) => ({
      ...taxLine(taxes.get(row.id.toString()), row.amount_cents),
      orderId: Number(row.id),
      type: row.type,
      amount: centsToReais(row.amount_cents),
      gift: centsToReais(row.gift_cents),
      // Records speak the three statuses of spec.md section 3; an expired deposit reads as cancelled.
      status: row.status === '-01' ? '01' : row.status,
      time: row.created_at.getTime(),
      finishedTime: row.finished_at?.getTime() ?? null,
      payCardBank: row.pay_card_bank,
      // Only the last digits: the records page needs to recognise the account, not to show it whole.
      payCardNo: row.pay_card_no ? `•••${row.pay_card_no.slice(-4)}` : null,
    })),
    total: Number(total.count),
  };
}

/**
 * The player's transfers, sent ('out') and received ('in'), newest first. The other player's name is masked as
 * the invite friends list masks it: recognisable to the player, never a directory of addresses.
 */
export async function listTransfers(ctx: AppContext, userId: bigint, query: { page: number; size: number }) {
  const base = ctx.db
    .selectFrom('transfers')
    .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]));
  const [rows, total] = await Promise.all([
    base
      .innerJoin('users as other', (join) =>
        join.on((eb) =>
          eb(
            'other.id',
            '=',
            eb
              .case()
              .when('transfers.from_user_id', '=', userId)
              .then(eb.ref('transfers.to_user_id'))
              .else(eb.ref('transfers.from_user_id'))
              .end(),
          ),
        ),
      )
      .select([
        'transfers.id',
        'transfers.from_user_id',
        'transfers.amount_cents',
        'transfers.created_at',
        'other.username',
      ])
      .orderBy('transfers.created_at', 'desc')
      .orderBy('transfers.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((row) => ({
      id: Number(row.id),
      direction: row.from_user_id === userId ? ('out' as const) : ('in' as const),
      amount: centsToReais(row.amount_cents),
      counterpart: maskUsername(row.username),
      time: row.created_at.getTime(),
    })),
    total: Number(total.count),
  };
}
