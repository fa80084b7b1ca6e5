import { centsToReais } from '@aposta/money';
import type { AppContext } from '../../app-context.ts';
import { accountRefused, notFound } from '../../lib/domain-error.ts';
import { afterCommit } from '../../platform/after-commit.ts';
import { awardWaiting } from '../engagement/awards.service.ts';
import { payDiscountOf } from '../engagement/discount.service.ts';
import { nextLevelOf } from '../engagement/vip.service.ts';
import { depositGiftAllowed } from '../rg/rg.registration.ts';
import { registrationIncomplete } from '../rg/rg.registration-due.ts';
import {
  type Balances,
  findBalances,
  findUser,
  listPricePackages,
  setHeader,
  type UserRow,
} from './users.repository.ts';

export function presentPackage(row: {
  pkg_id: bigint;
  price_cents: bigint;
  gift_cents: bigint;
  curreny: string;
  sort: number;
  channel?: 'pix' | 'card';
}) {
  return {
    pkgId: Number(row.pkg_id),
    price: centsToReais(row.price_cents),
    gift: centsToReais(row.gift_cents),
    curreny: row.curreny,
    sort: row.sort,
    // Ours (issue 16): only card packages say so; the contract's PIX packages keep their five fields.
    ...(row.channel === 'card' ? { channel: 'card' as const } : {}),
  };
}

/** What engagement decides about the user object: the offered discount and the next level (operator data). */
export interface EngagementView {
  payDiscount: { discount: number; expiredTime: number } | null;
  nextlevel: { gameSumAmount: number; paySumAmount: number };
}

/** `gamePayAmount`: the wagering asked in the current cycle; `addPayAmount`: the part of it already played. */
export function wageringOf(user: { wagering_total_cents: bigint; wagering_remaining_cents: bigint }) {
  const total = BigInt(user.wagering_total_cents);
  const remaining = BigInt(user.wagering_remaining_cents);
  return {
    gamePayAmount: centsToReais(total),
    addPayAmount: centsToReais(total > remaining ? total - remaining : 0n),
  };
}

/** The user object of api-contract section 4, every field from the tables. */
export function presentUser(
  user: UserRow,
  balances: { cashCents: bigint; bonusCents: bigint },
  engagement: EngagementView,
) {
  const balance = centsToReais(balances.cashCents);
  const discountLive =
    user.pay_discount !== null &&
    user.pay_discount_expires_at !== null &&
    user.pay_discount_expires_at.getTime() > Date.now();
  return {
    uId: Number(user.id),
    name: user.name,
    username: user.username,
    email: user.username,
    balance,
    freeBalance: centsToReais(balances.bonusCents),
    payAmount: centsToReais(user.pay_cents),
    yqm: user.yqm,
    level: user.level,
    header: user.header,
    time: user.created_at.getTime(),
    extendInfo: user.test_flag ? { username: user.username, pwd: user.test_password ?? '', balance } : null,
    paySumAmount: centsToReais(user.pay_sum_cents),
    wdSumAmount: centsToReais(user.wd_sum_cents),
    gameSumAmount: centsToReais(user.game_sum_cents),
    nextlevel: engagement.nextlevel,
    payDiscount:
      engagement.payDiscount ??
      (discountLive
        ? { discount: Number(user.pay_discount), expiredTime: user.pay_discount_expires_at!.getTime() }
        : null),
    kyc: user.kyc,
    // Ours (issue 27, docs/api/kyc-state.md): `kyc` is 1 once the identity form is sent (the spec's client opens the
    // deposit then); the review's own state tells the player whether a withdrawal can go, and why not.
    kycState: user.kyc_status,
    kycReason: user.kyc_status === 'rejected' ? (user.kyc_reason ?? '') : null,
    testFlag: user.test_flag ? ('1' as const) : ('0' as const),
    // The wagering of the current cycle (docs/decisions/0032): what bonuses and rollover ask to be played before
    // the cash can be withdrawn, and how much of it is played — the withdraw page's progress bar, as /bonus has it.
    ...wageringOf(user),
    lx: user.lx,
  };
}

export type UserView = ReturnType<typeof presentUser>;

/** `known`: balances the caller just committed (a push after a bet), not read again. */
export async function getUserView(ctx: AppContext, userId: bigint, known?: Balances): Promise<UserView> {
  const user = await findUser(ctx.db, userId);
  if (!user) throw notFound();
  const [balances, payDiscount, nextlevel] = await Promise.all([
    known ?? findBalances(ctx.db, userId),
    depositGiftAllowed(ctx.config) ? payDiscountOf(ctx.db, userId) : Promise.resolve(null),
    nextLevelOf(ctx.db, user.level),
  ]);
  return presentUser(user, balances, { payDiscount, nextlevel });
}

export async function getUserInfo(ctx: AppContext, userId: bigint) {
  const [user, packages, incomplete] = await Promise.all([
    getUserView(ctx, userId),
    listPricePackages(ctx.db, undefined, ctx.config.pix.cards),
    registrationIncomplete(ctx.config, ctx.db, userId),
  ]);
  const paypackage = packages.map(presentPackage).map(withoutGift(ctx));
  // Only under br-licensed (decision 0055): the open profile's answer keeps its fields as they were.
  const licensed = ctx.config.regulatoryProfile === 'br-licensed';
  return { ...user, paypackage, ...(licensed ? { registrationIncomplete: incomplete } : {}) };
}

export async function getBalance(ctx: AppContext, userId: bigint) {
  const { cashCents, bonusCents } = await findBalances(ctx.db, userId);
  return { balance: centsToReais(cashCents), freeBalance: centsToReais(bonusCents) };
}

/**
 * Sends the fresh user object to every socket of the player (spec.md section 4, `updateUserInfo`), once the
 * current transaction has committed (its reads then see the change, and hold none of its locks).
 */
export function pushUserInfo(ctx: AppContext, userId: bigint, known?: Balances): Promise<void> {
  return afterCommit(async () => {
    if (!(await ctx.realtime.mayReach(userId))) return;
    ctx.realtime.emitToUser(userId, 'updateUserInfo', await getUserView(ctx, userId, known));
  }, ctx.log);
}

export async function chooseAvatar(ctx: AppContext, userId: bigint, header: number): Promise<void> {
  await setHeader(ctx.db, userId, header);
  await pushUserInfo(ctx, userId);
}

export async function getTestAccount(ctx: AppContext, userId: bigint) {
  const user = await findUser(ctx.db, userId);
  if (!user?.test_flag) throw accountRefused('user.not_test_account');
  const { cashCents } = await findBalances(ctx.db, userId);
  return { username: user.username, pwd: user.test_password ?? '', balance: centsToReais(cashCents) };
}

/** `userGift`: the awards of engagement (operator grants, activity targets reached) waiting for the player. */
export async function hasAwardWaiting(ctx: AppContext, userId: bigint): Promise<0 | 1> {
  return awardWaiting(ctx, userId);
}

export async function getPrices(ctx: AppContext, curreny: string | undefined) {
  return (await listPricePackages(ctx.db, curreny, ctx.config.pix.cards))
    .map(presentPackage)
    .map(withoutGift(ctx));
}

/** br-licensed offers no deposit gift (Lei 14.790/2023): the packages show none, and prePay credits none. */
const withoutGift =
  (ctx: AppContext) =>
  <T extends { gift: number }>(pkg: T): T =>
    depositGiftAllowed(ctx.config) ? pkg : { ...pkg, gift: 0 };
