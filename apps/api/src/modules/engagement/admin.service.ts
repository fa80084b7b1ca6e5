import type {
  AdminVipLevelBody,
  AwardBody,
  AwardsQuery,
  IncreaseRuleBody,
  RewardKindCode,
  SigninRewardsBody,
} from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { type Actor, writeAudit } from '../../backoffice/audit.ts';
import { REPORT_TIME_ZONE, reportDays } from '../../backoffice/report-days.ts';
import { readAmountCents } from '../../lib/amount.ts';
import { invalidInput, notFound } from '../../lib/domain-error.ts';
import { refuseBonuses } from '../rg/rg.bonuses.ts';
import { announceAwards } from './awards.service.ts';
import { fractionText, thresholdsInOrder, toTenThousandths } from './engagement.rules.ts';
import { presentVipLevel, vipLevelRows, withdrawCapsInOrder } from './vip.service.ts';

/** The back office's engagement rules: every change audited in its own transaction (api-contract section 12). */

/** A fraction or multiplier with at most 4 decimals; more is a 400, never rounded silently. */
export function readFraction(value: number, field: string): string {
  const text = fractionText(value);
  if (text === undefined) throw invalidInput('engage.fraction_decimals', { field });
  return text;
}

// --- VIP table ---
export async function updateVipLevel(ctx: AppContext, actor: Actor, level: number, body: AdminVipLevelBody) {
  const next = {
    pay_sum_cents: readAmountCents(body.paySumAmount, 'paySumAmount'),
    game_sum_cents: readAmountCents(body.gameSumAmount, 'gameSumAmount'),
    withdraw_day_max_cents: readAmountCents(body.withdrawDayMax, 'withdrawDayMax'),
    withdraw_day_count: body.withdrawDayCount,
    reward_cents: readAmountCents(body.reward, 'reward'),
  };
  if (next.withdraw_day_max_cents <= 0n) throw invalidInput('validation.amount', { field: 'withdrawDayMax' });
  return ctx.db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('vip_levels').selectAll().orderBy('level').forUpdate().execute();
    const before = rows.find((row) => row.level === level);
    if (!before) throw notFound();
    const table = rows.map((row) =>
      row.level === level
        ? { level, paySum: next.pay_sum_cents, gameSum: next.game_sum_cents }
        : { level: row.level, paySum: row.pay_sum_cents, gameSum: row.game_sum_cents },
    );
    if (!thresholdsInOrder(table)) throw invalidInput('engage.level_order');
    const caps = rows.map((row) => (row.level === level ? { ...row, ...next } : row));
    if (!withdrawCapsInOrder(caps)) throw invalidInput('engage.withdraw_caps_order');
    const after = await trx
      .updateTable('vip_levels')
      .set({ ...next, updated_at: sql`now()` })
      .where('level', '=', level)
      .returningAll()
      .executeTakeFirstOrThrow();
    const view = presentVipLevel(after);
    await writeAudit(trx, actor, {
      action: 'vip.level',
      target: `vip_level:${level}`,
      before: presentVipLevel(before),
      after: view,
    });
    return view;
  });
}

export async function adminVipLevels(ctx: AppContext) {
  return (await vipLevelRows(ctx.db)).map(presentVipLevel);
}

// --- reward rules ---
export async function listRewardRules(ctx: AppContext) {
  const rows = await ctx.db
    .selectFrom('reward_rules')
    .select(['kind', 'wagering_multiple', 'to_cash'])
    .orderBy('kind')
    .limit(20)
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    wageringMultiple: row.wagering_multiple,
    toCash: row.to_cash,
  }));
}

export async function updateRewardRule(
  ctx: AppContext,
  actor: Actor,
  kind: RewardKindCode,
  body: { wageringMultiple: number; toCash: boolean },
) {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('reward_rules')
      .select(['kind', 'wagering_multiple', 'to_cash'])
      .where('kind', '=', kind)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    await trx
      .updateTable('reward_rules')
      .set({ wagering_multiple: body.wageringMultiple, to_cash: body.toCash, updated_at: sql`now()` })
      .where('kind', '=', kind)
      .execute();
    const after = { kind, ...body };
    await writeAudit(trx, actor, {
      action: 'reward.rule',
      target: `reward_rule:${kind}`,
      before: { kind, wageringMultiple: before.wagering_multiple, toCash: before.to_cash },
      after,
    });
    return after;
  });
}

// --- sign-in rewards ---
export async function listSigninRewards(ctx: AppContext) {
  const rows = await ctx.db
    .selectFrom('signin_rewards')
    .select(['day', 'reward_cents'])
    .orderBy('day')
    .execute();
  return rows.map((row) => ({ day: row.day, reward: centsToReais(row.reward_cents) }));
}

export async function updateSigninRewards(ctx: AppContext, actor: Actor, body: SigninRewardsBody) {
  const cents = body.rewards.map((reward, index) => readAmountCents(reward, `rewards[${index}]`));
  return ctx.db.transaction().execute(async (trx) => {
    const before = await listSigninRewards({ ...ctx, db: trx });
    for (const [index, reward_cents] of cents.entries()) {
      await trx
        .updateTable('signin_rewards')
        .set({ reward_cents, updated_at: sql`now()` })
        .where('day', '=', index + 1)
        .execute();
    }
    const after = cents.map((reward, index) => ({ day: index + 1, reward: centsToReais(reward) }));
    await writeAudit(trx, actor, { action: 'signin.rewards', target: 'signin_rewards', before, after });
    return after;
  });
}

// --- increase rule ---
export async function readIncreaseRule(ctx: AppContext) {
  const row = await ctx.db
    .selectFrom('increase_rule')
    .select(['threshold_cents', sql<string>`bouns::text`.as('bouns'), 'enabled'])
    .executeTakeFirstOrThrow();
  return {
    threshold: centsToReais(row.threshold_cents),
    bouns: Number(toTenThousandths(row.bouns)) / 10_000,
    enabled: row.enabled,
  };
}

export async function updateIncreaseRule(ctx: AppContext, actor: Actor, body: IncreaseRuleBody) {
  const thresholdCents = readAmountCents(body.threshold, 'threshold');
  if (thresholdCents <= 0n) throw invalidInput('validation.amount', { field: 'threshold' });
  return ctx.db.transaction().execute(async (trx) => {
    const before = await readIncreaseRule({ ...ctx, db: trx });
    await trx
      .updateTable('increase_rule')
      .set({
        threshold_cents: thresholdCents,
        bouns: readFraction(body.bouns, 'bouns'),
        enabled: body.enabled,
        updated_at: sql`now()`,
      })
      .execute();
    const after = { threshold: centsToReais(thresholdCents), bouns: body.bouns, enabled: body.enabled };
    await writeAudit(trx, actor, { action: 'increase.rule', target: 'increase_rule', before, after });
    return after;
  });
}

// --- awards ---
export async function listAwards(ctx: AppContext, query: AwardsQuery) {
  const size = query.size ?? 20;
  const offset = ((query.page ?? 1) - 1) * size;
  let base = ctx.db.selectFrom('awards').innerJoin('users', 'users.id', 'awards.user_id');
  if (query.uId !== undefined) base = base.where('awards.user_id', '=', BigInt(query.uId));
  const [rows, total] = await Promise.all([
    base
      .select([
        'awards.id',
        'awards.user_id',
        'users.username',
        'awards.title',
        'awards.amount_cents',
        'awards.activity_id',
        'awards.created_at',
        'awards.received_at',
      ])
      .orderBy('awards.id', 'desc')
      .limit(size)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((row) => ({
      id: Number(row.id),
      uId: Number(row.user_id),
      username: row.username,
      title: row.title,
      amount: centsToReais(row.amount_cents),
      activityId: row.activity_id === null ? null : Number(row.activity_id),
      time: row.created_at.getTime(),
      receivedAt: row.received_at?.getTime() ?? null,
    })),
    total: Number(total.n),
  };
}

/** Grants an award to each named player (unknown ids are a 404 and grant nothing). */
export async function grantAwards(ctx: AppContext, actor: Actor, body: AwardBody) {
  // An award is a reward: none under the Brazilian licence (modules/rg, decision 0036).
  refuseBonuses(ctx.config);
  const amountCents = readAmountCents(body.amount, 'amount');
  if (amountCents <= 0n) throw invalidInput('validation.amount', { field: 'amount' });
  const userIds = [...new Set(body.uIds)].map((id) => BigInt(id));
  const granted = await ctx.db.transaction().execute(async (trx) => {
    const known = await trx.selectFrom('users').select('id').where('id', 'in', userIds).execute();
    if (known.length !== userIds.length) throw notFound();
    const rows = await trx
      .insertInto('awards')
      .values(
        userIds.map((user_id) => ({
          user_id,
          title: body.title.trim(),
          amount_cents: amountCents,
          activity_id: null,
          granted_by: actor.operatorId,
          received_at: null,
        })),
      )
      .returning(['id', 'user_id'])
      .execute();
    await writeAudit(trx, actor, {
      action: 'award.grant',
      target: `awards:${rows.map((row) => row.id).join(',')}`,
      before: null,
      after: { uIds: body.uIds, title: body.title.trim(), amount: centsToReais(amountCents) },
    });
    return rows;
  });
  await announceAwards(
    ctx,
    granted.map((row) => row.user_id),
  );
  return { granted: granted.length };
}

// --- the cost of each campaign ---
/**
 * What each campaign gave away in a period (America/Sao_Paulo days): every reward is paid from a bonus-cost
 * account named after its campaign, so a campaign's cost is what left that account. Deposit gifts are ''.
 */
export async function campaignCosts(ctx: AppContext, from: string, to: string) {
  const days = reportDays(from, to);
  const rows = await sql<{ campaign: string; amount_cents: string; credits: number }>`
    SELECT a.name AS campaign, (-sum(p.amount_cents))::text AS amount_cents, count(*)::int AS credits
      FROM ledger_accounts a
      JOIN ledger_postings p ON p.account_id = a.id
      JOIN ledger_transactions t ON t.id = p.transaction_id
     WHERE a.kind = 'house_bonus_cost' AND a.owner_user_id IS NULL
       AND t.created_at >= (${days[0]}::date::timestamp AT TIME ZONE ${REPORT_TIME_ZONE})
       AND t.created_at < ((${days[days.length - 1]}::date + 1)::timestamp AT TIME ZONE ${REPORT_TIME_ZONE})
     GROUP BY a.name
     ORDER BY a.name
     LIMIT 500`.execute(ctx.db);
  return rows.rows.map((row) => ({
    campaign: row.campaign === '' ? 'deposit_gift' : row.campaign,
    amount: centsToReais(BigInt(row.amount_cents)),
    credits: row.credits,
  }));
}
