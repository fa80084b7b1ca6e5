import type {
  AdminGame,
  AdminNotice,
  AdminPackage,
  DepositRecord,
  GameUpdateBody,
  NoticeBody,
  NoticeUpdateBody,
  PackageBody,
  PackageUpdateBody,
} from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { type Actor, writeAudit } from '../../backoffice/audit.ts';
import { offsetOf, type Paging } from '../../backoffice/paging.ts';
import { readAmountCents } from '../../lib/amount.ts';
import { invalidInput, notFound } from '../../lib/domain-error.ts';
import { centsTimes } from '../engagement/engagement.rules.ts';

// --- deposits ---

export async function listDeposits(ctx: AppContext, status: string | undefined, paging: Paging) {
  let query = ctx.db.selectFrom('orders').where('type', '=', '10');
  if (status) query = query.where('status', '=', status as '00');
  const [rows, total] = await Promise.all([
    query
      .leftJoin('payment_charges as c', 'c.order_id', 'orders.id')
      .select([
        'orders.id',
        'orders.user_id',
        'orders.amount_cents',
        'orders.gift_cents',
        'orders.status',
        'orders.provider',
        'orders.pay_no',
        'orders.created_at',
        'c.paid_at',
        'orders.finished_at',
        'orders.discount',
        // What the house paid this order as promotion (gift and discount, whichever balance it went to): the
        // ledger's postings out of the bonus-cost accounts that reference the order, so the list shows what was
        // credited, never what the package offered.
        sql<string>`(SELECT coalesce(-sum(p.amount_cents), 0)
                       FROM ledger_transactions t
                       JOIN ledger_postings p ON p.transaction_id = t.id
                       JOIN ledger_accounts a ON a.id = p.account_id
                      WHERE t.reference_type = 'order' AND t.reference_id = orders.id::text
                        AND a.kind = 'house_bonus_cost')`.as('bonus_credited_cents'),
      ])
      .orderBy('orders.id', 'desc')
      .limit(paging.size)
      .offset(offsetOf(paging))
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const records: DepositRecord[] = rows.map((row) => ({
    orderId: Number(row.id),
    uId: Number(row.user_id),
    amount: centsToReais(row.amount_cents),
    gift: centsToReais(orderBonusCents(row)),
    status: row.status,
    provider: row.provider,
    payNo: row.pay_no,
    time: row.created_at.getTime(),
    paidAt: row.status === '10' ? ((row.paid_at ?? row.finished_at)?.getTime() ?? null) : null,
  }));
  return { records, total: Number(total.n) };
}

/**
 * The deposit list's bonus column: a paid order shows what the ledger credited; an open one what it will credit if
 * paid (its gift and its discount, both zero when the player chose 'Depositar sem bônus'); a closed one nothing.
 */
function orderBonusCents(row: {
  status: string;
  amount_cents: bigint;
  gift_cents: bigint;
  discount: string | null;
  bonus_credited_cents: string;
}): bigint {
  if (row.status === '10') return BigInt(row.bonus_credited_cents);
  if (row.status !== '00') return 0n;
  return row.gift_cents + (row.discount === null ? 0n : centsTimes(row.amount_cents, String(row.discount)));
}

// --- price packages ---

const PACKAGE_COLUMNS = [
  'pkg_id',
  'price_cents',
  'gift_cents',
  'curreny',
  'sort',
  'active',
  'channel',
] as const;
function presentPackage(row: {
  pkg_id: bigint;
  price_cents: bigint;
  gift_cents: bigint;
  curreny: string;
  sort: number;
  active: boolean;
  channel: 'pix' | 'card';
}): AdminPackage {
  return {
    pkgId: Number(row.pkg_id),
    price: centsToReais(row.price_cents),
    gift: centsToReais(row.gift_cents),
    curreny: row.curreny,
    sort: row.sort,
    enabled: row.active,
    channel: row.channel,
  };
}

export async function listPackages(ctx: AppContext): Promise<AdminPackage[]> {
  const rows = await ctx.db
    .selectFrom('price_packages')
    .select(PACKAGE_COLUMNS)
    .orderBy('sort')
    .orderBy('pkg_id')
    .execute();
  return rows.map(presentPackage);
}

function packageValues(input: PackageUpdateBody) {
  const values: {
    price_cents?: bigint;
    gift_cents?: bigint;
    curreny?: string;
    sort?: number;
    active?: boolean;
    channel?: 'pix' | 'card';
  } = {};
  if (input.price !== undefined) {
    values.price_cents = readAmountCents(input.price, 'price');
    if (values.price_cents <= 0n) throw invalidInput('admin.package_price');
  }
  if (input.gift !== undefined) values.gift_cents = readAmountCents(input.gift, 'gift');
  if (input.curreny !== undefined) values.curreny = input.curreny;
  if (input.sort !== undefined) values.sort = input.sort;
  if (input.enabled !== undefined) values.active = input.enabled;
  if (input.channel !== undefined) values.channel = input.channel;
  return values;
}

export async function createPackage(ctx: AppContext, actor: Actor, input: PackageBody) {
  const values = packageValues(input);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('price_packages')
      .values({ ...values, price_cents: values.price_cents! })
      .returning(PACKAGE_COLUMNS)
      .executeTakeFirstOrThrow();
    const view = presentPackage(row);
    await writeAudit(trx, actor, {
      action: 'package.create',
      target: `package:${row.pkg_id}`,
      before: null,
      after: view,
    });
    return view;
  });
}

export async function updatePackage(ctx: AppContext, actor: Actor, pkgId: bigint, input: PackageUpdateBody) {
  const values = packageValues(input);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('price_packages')
      .select(PACKAGE_COLUMNS)
      .where('pkg_id', '=', pkgId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    const row =
      Object.keys(values).length === 0
        ? before
        : await trx
            .updateTable('price_packages')
            .set(values)
            .where('pkg_id', '=', pkgId)
            .returning(PACKAGE_COLUMNS)
            .executeTakeFirstOrThrow();
    const view = presentPackage(row);
    await writeAudit(trx, actor, {
      action: 'package.update',
      target: `package:${pkgId}`,
      before: presentPackage(before),
      after: view,
    });
    return view;
  });
}

// --- games catalogue ---

const GAME_COLUMNS = [
  'code',
  'game_type',
  'group_code',
  'name',
  'icon',
  'stop',
  'hot',
  'sort',
  'bet_min_cents',
  'bet_max_cents',
  'payout_max_cents',
] as const;
function presentGame(row: {
  code: string;
  game_type: string;
  group_code: string;
  name: string;
  icon: string;
  stop: boolean;
  hot: boolean;
  sort: number;
  bet_min_cents: bigint;
  bet_max_cents: bigint;
  payout_max_cents: bigint;
}): AdminGame {
  return {
    productCode: row.group_code,
    gameCode: row.code,
    gameType: row.game_type,
    name: row.name,
    icon: row.icon,
    stop: row.stop,
    hot: row.hot,
    sort: row.sort,
    betMin: centsToReais(row.bet_min_cents),
    betMax: centsToReais(row.bet_max_cents),
    payoutMax: centsToReais(row.payout_max_cents),
  };
}

export async function listGames(ctx: AppContext): Promise<AdminGame[]> {
  const rows = await ctx.db
    .selectFrom('game_catalog')
    .select(GAME_COLUMNS)
    .orderBy('group_code')
    .orderBy('sort')
    .limit(2000)
    .execute();
  return rows.map(presentGame);
}

/** Stop (players see 'Em Breve...' and bets are refused), hot list, and the stake and payout limits. */
export async function updateGame(
  ctx: AppContext,
  actor: Actor,
  productCode: string,
  gameCode: string,
  input: GameUpdateBody,
) {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('game_catalog')
      .select(GAME_COLUMNS)
      .where('group_code', '=', productCode as 'SELF')
      .where('code', '=', gameCode)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    const betMin =
      input.betMin === undefined ? before.bet_min_cents : readAmountCents(input.betMin, 'betMin');
    const betMax =
      input.betMax === undefined ? before.bet_max_cents : readAmountCents(input.betMax, 'betMax');
    const payoutMax =
      input.payoutMax === undefined ? before.payout_max_cents : readAmountCents(input.payoutMax, 'payoutMax');
    if (betMin <= 0n || betMax < betMin || payoutMax <= 0n) throw invalidInput('admin.game_limits');
    const row = await trx
      .updateTable('game_catalog')
      .set({
        stop: input.stop ?? before.stop,
        hot: input.hot ?? before.hot,
        bet_min_cents: betMin,
        bet_max_cents: betMax,
        payout_max_cents: payoutMax,
      })
      .where('code', '=', gameCode)
      .returning(GAME_COLUMNS)
      .executeTakeFirstOrThrow();
    const view = presentGame(row);
    await writeAudit(trx, actor, {
      action: 'game.update',
      target: `game:${productCode}/${gameCode}`,
      before: presentGame(before),
      after: view,
    });
    return view;
  });
}

// --- notices ---

const NOTICE_COLUMNS = ['id', 'title', 'content', 'active', 'created_at'] as const;
function presentNotice(row: {
  id: bigint;
  title: string;
  content: string;
  active: boolean;
  created_at: Date;
}): AdminNotice {
  return {
    id: Number(row.id),
    title: row.title,
    content: row.content,
    enabled: row.active,
    time: row.created_at.getTime(),
  };
}

export async function listNotices(ctx: AppContext): Promise<AdminNotice[]> {
  const rows = await ctx.db
    .selectFrom('notices')
    .select(NOTICE_COLUMNS)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return rows.map(presentNotice);
}

/** Sends the `notice` socket event to every connected player (api-contract section 7). */
function announce(ctx: AppContext, notice: AdminNotice): void {
  ctx.realtime.broadcast('notice', { id: notice.id, title: notice.title, content: notice.content });
}

export async function createNotice(ctx: AppContext, actor: Actor, input: NoticeBody) {
  const view = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('notices')
      .values({ title: input.title.trim(), content: input.content.trim(), active: input.enabled })
      .returning(NOTICE_COLUMNS)
      .executeTakeFirstOrThrow();
    const created = presentNotice(row);
    await writeAudit(trx, actor, {
      action: 'notice.create',
      target: `notice:${row.id}`,
      before: null,
      after: created,
    });
    return created;
  });
  if (view.enabled) announce(ctx, view);
  return view;
}

export async function updateNotice(ctx: AppContext, actor: Actor, id: bigint, input: NoticeUpdateBody) {
  const { before, after } = await ctx.db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom('notices')
      .select(NOTICE_COLUMNS)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!old) throw notFound();
    const row = await trx
      .updateTable('notices')
      .set({
        title: input.title?.trim() ?? old.title,
        content: input.content?.trim() ?? old.content,
        active: input.enabled ?? old.active,
      })
      .where('id', '=', id)
      .returning(NOTICE_COLUMNS)
      .executeTakeFirstOrThrow();
    const view = { before: presentNotice(old), after: presentNotice(row) };
    await writeAudit(trx, actor, { action: 'notice.update', target: `notice:${id}`, ...view });
    return view;
  });
  if (after.enabled && !before.enabled) announce(ctx, after);
  return after;
}
