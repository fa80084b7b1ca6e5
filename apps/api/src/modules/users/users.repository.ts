import type { Db } from '../../db/connection.ts';
import { playerBalances } from '../ledger/ledger.service.ts';

export const USER_COLUMNS = [
  'id',
  'name',
  'username',
  'yqm',
  'level',
  'header',
  'created_at',
  'kyc',
  'kyc_status',
  'kyc_reason',
  'test_flag',
  'test_password',
  'lx',
  'pay_cents',
  'pay_sum_cents',
  'wd_sum_cents',
  'game_sum_cents',
  'wagering_total_cents',
  'wagering_remaining_cents',
  'pay_discount',
  'pay_discount_expires_at',
  'award_waiting',
] as const;

export async function findUser(db: Db, userId: bigint) {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', userId).executeTakeFirst();
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

export interface Balances {
  cashCents: bigint;
  bonusCents: bigint;
}

/** Cash and bonus balances, committed: the ledger's reader (`playerBalances`), the one that reads accounts. */
export async function findBalances(db: Db, userId: bigint): Promise<Balances> {
  const { cashCents, bonusCents } = await playerBalances(db, userId);
  return { cashCents, bonusCents };
}

export async function setHeader(db: Db, userId: bigint, header: number): Promise<void> {
  await db.updateTable('users').set({ header }).where('id', '=', userId).execute();
}

/** `withCards`: card-channel packages too (only while the card checkout is configured, issue 16). */
export async function listPricePackages(db: Db, curreny: string | undefined, withCards = false) {
  let query = db
    .selectFrom('price_packages')
    .select(['pkg_id', 'price_cents', 'gift_cents', 'curreny', 'sort', 'channel'])
    .where('active', '=', true);
  if (!withCards) query = query.where('channel', '=', 'pix');
  query = curreny === undefined ? query.where('curreny', '=', 'BRL') : query.where('curreny', '=', curreny);
  return query.orderBy('sort').orderBy('pkg_id').limit(100).execute();
}
