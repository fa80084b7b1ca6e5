import type {
  ActivityBody,
  ActivityUpdateBody,
  AdminActivity,
  AdminDiscount,
  DiscountBody,
  DiscountUpdateBody,
} from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import type { AppContext } from '../../app-context.ts';
import { type Actor, writeAudit } from '../../backoffice/audit.ts';
import { readAmountCents } from '../../lib/amount.ts';
import { invalidInput, notFound } from '../../lib/domain-error.ts';
import { readFraction } from './admin.service.ts';
import { toTenThousandths } from './engagement.rules.ts';

/**
 * The back office's offers to players: deposit discount campaigns and activities, every change audited in its own
 * transaction (api-contract section 12).
 */

// --- discount campaigns ---
const DISCOUNT_COLUMNS = [
  'id',
  'name',
  'audience',
  'discount',
  'hours',
  'starts_at',
  'ends_at',
  'enabled',
] as const;
function presentDiscount(row: {
  id: bigint;
  name: string;
  audience: 'first_deposit' | 'everyone';
  discount: string;
  hours: number | null;
  starts_at: Date;
  ends_at: Date;
  enabled: boolean;
}): AdminDiscount {
  return {
    id: Number(row.id),
    name: row.name,
    audience: row.audience,
    discount: Number(toTenThousandths(String(row.discount))) / 10_000,
    hours: row.hours,
    startsAt: row.starts_at.getTime(),
    endsAt: row.ends_at.getTime(),
    enabled: row.enabled,
  };
}

export async function listDiscounts(ctx: AppContext) {
  const rows = await ctx.db
    .selectFrom('discount_campaigns')
    .select(DISCOUNT_COLUMNS)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map(presentDiscount);
}

function discountValues(body: DiscountBody) {
  if (body.endsAt <= body.startsAt) throw invalidInput('engage.dates_order');
  if (body.audience === 'first_deposit' && body.hours === null) throw invalidInput('engage.discount_hours');
  return {
    name: body.name.trim(),
    audience: body.audience,
    discount: readFraction(body.discount, 'discount'),
    hours: body.hours,
    starts_at: new Date(body.startsAt),
    ends_at: new Date(body.endsAt),
    enabled: body.enabled,
  };
}

export async function createDiscount(ctx: AppContext, actor: Actor, body: DiscountBody) {
  const values = discountValues(body);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('discount_campaigns')
      .values(values)
      .returning(DISCOUNT_COLUMNS)
      .executeTakeFirstOrThrow();
    const view = presentDiscount(row);
    await writeAudit(trx, actor, {
      action: 'discount.create',
      target: `discount:${row.id}`,
      before: null,
      after: view,
    });
    return view;
  });
}

export async function updateDiscount(ctx: AppContext, actor: Actor, id: bigint, body: DiscountUpdateBody) {
  return ctx.db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom('discount_campaigns')
      .select(DISCOUNT_COLUMNS)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!old) throw notFound();
    const before = presentDiscount(old);
    const { id: _id, ...current } = before;
    const values = discountValues({ ...current, ...body });
    const row = await trx
      .updateTable('discount_campaigns')
      .set(values)
      .where('id', '=', id)
      .returning(DISCOUNT_COLUMNS)
      .executeTakeFirstOrThrow();
    const after = presentDiscount(row);
    await writeAudit(trx, actor, { action: 'discount.update', target: `discount:${id}`, before, after });
    return after;
  });
}

// --- activities ---
const ACTIVITY_COLUMNS = [
  'id',
  'title',
  'image',
  'summary',
  'content',
  'starts_at',
  'ends_at',
  'target_stake_cents',
  'reward_cents',
  'enabled',
  'sort',
] as const;
function presentActivity(row: {
  id: bigint;
  title: string;
  image: string;
  summary: string;
  content: string;
  starts_at: Date;
  ends_at: Date;
  target_stake_cents: bigint | null;
  reward_cents: bigint;
  enabled: boolean;
  sort: number;
}): AdminActivity {
  return {
    id: Number(row.id),
    title: row.title,
    image: row.image,
    summary: row.summary,
    content: row.content,
    startsAt: row.starts_at.getTime(),
    endsAt: row.ends_at.getTime(),
    targetStake: row.target_stake_cents === null ? null : centsToReais(row.target_stake_cents),
    reward: centsToReais(row.reward_cents),
    enabled: row.enabled,
    sort: row.sort,
  };
}

export async function listActivities(ctx: AppContext) {
  const rows = await ctx.db
    .selectFrom('activities')
    .select(ACTIVITY_COLUMNS)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map(presentActivity);
}

function activityValues(body: ActivityBody) {
  if (body.endsAt <= body.startsAt) throw invalidInput('engage.dates_order');
  const target =
    body.targetStake === null || body.targetStake === ''
      ? null
      : readAmountCents(body.targetStake, 'targetStake');
  if (target !== null && target <= 0n) throw invalidInput('validation.amount', { field: 'targetStake' });
  return {
    title: body.title.trim(),
    image: body.image.trim(),
    summary: body.summary.trim(),
    content: body.content,
    starts_at: new Date(body.startsAt),
    ends_at: new Date(body.endsAt),
    target_stake_cents: target,
    reward_cents: readAmountCents(body.reward, 'reward'),
    enabled: body.enabled,
    sort: body.sort,
  };
}

export async function createActivity(ctx: AppContext, actor: Actor, body: ActivityBody) {
  const values = activityValues(body);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('activities')
      .values(values)
      .returning(ACTIVITY_COLUMNS)
      .executeTakeFirstOrThrow();
    const view = presentActivity(row);
    await writeAudit(trx, actor, {
      action: 'activity.create',
      target: `activity:${row.id}`,
      before: null,
      after: view,
    });
    return view;
  });
}

export async function updateActivity(ctx: AppContext, actor: Actor, id: bigint, body: ActivityUpdateBody) {
  return ctx.db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom('activities')
      .select(ACTIVITY_COLUMNS)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!old) throw notFound();
    const before = presentActivity(old);
    const { id: _id, ...current } = before;
    const row = await trx
      .updateTable('activities')
      .set(activityValues({ ...current, ...body }))
      .where('id', '=', id)
      .returning(ACTIVITY_COLUMNS)
      .executeTakeFirstOrThrow();
    const after = presentActivity(row);
    await writeAudit(trx, actor, { action: 'activity.update', target: `activity:${id}`, before, after });
    return after;
  });
}
