import type { RgLimits, RgLimitsBody } from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/connection.ts';
import { lockPlayer } from '../../db/player-lock.ts';
import type { RgLimitKind, RgPeriod } from '../../db/schema.rg.ts';
import type { Tx } from '../../db/tx.ts';
import { readAmountCents } from '../../lib/amount.ts';
import { conflict, invalidInput } from '../../lib/domain-error.ts';
import { money } from '../../lib/messages.ts';
import {
  changeKind,
  DEFAULT_REALITY_MINUTES,
  effectiveLimit,
  limitMessageKey,
  MINUTES_MAX,
  MINUTES_MIN,
  MONEY_KINDS,
  type MoneyKind,
  type MoneyPeriod,
  PENDING_MS,
  PERIODS,
  periodStart,
} from './rg.rules.ts';

/**
 * The clock of responsible gambling: when a pending limit takes effect, when a session went idle, when an
 * exclusion ends. Tests move it forward instead of waiting 24 hours.
 */
export const rgClock = { now: (): Date => new Date() };

type Executor = Db | Tx;
export const MINUTE_MS = 60_000;
export const keyOf = (kind: RgLimitKind, period: RgPeriod) => `${kind}:${period}`;

export interface LimitState {
  /** The limit in force per `kind:period` (a due pending change counts). */
  effective: Map<string, bigint>;
  /** Changes still waiting. */
  pending: { kind: RgLimitKind; period: RgPeriod; value: bigint | null; effectiveAt: Date }[];
  /** Changes whose 24 h have passed, not yet folded into rg_limits. */
  due: { kind: RgLimitKind; period: RgPeriod; value: bigint | null }[];
}

/** One query: the stored limits and the pending changes, resolved at `now`. */
export interface LimitRow {
  kind: RgLimitKind;
  period: RgPeriod;
  value: string | null;
  /** A Date, or its JSON text where the rows come as json (a stake's opening statement). */
  effective_at: Date | string | null;
}

/** A player's stored limits and their pending changes, as rows: `limitState` reads them. */
export const limitRows = (userId: bigint) => sql<LimitRow>`
    SELECT kind, period, value::text AS value, NULL::timestamptz AS effective_at FROM rg_limits WHERE user_id = ${userId}
    UNION ALL
    SELECT kind, period, value::text, effective_at FROM rg_limit_changes WHERE user_id = ${userId}`;

export async function loadLimits(db: Executor, userId: bigint, now: Date): Promise<LimitState> {
  return limitState((await limitRows(userId).execute(db)).rows, now);
}

export function limitState(rows: readonly LimitRow[], now: Date): LimitState {
  const stored = new Map<string, bigint>();
  const changes = new Map<
    string,
    { kind: RgLimitKind; period: RgPeriod; value: bigint | null; effectiveAt: Date }
  >();
  for (const row of rows) {
    const value = row.value === null ? null : BigInt(row.value);
    if (row.effective_at === null) stored.set(keyOf(row.kind, row.period), value!);
    else
      changes.set(keyOf(row.kind, row.period), {
        kind: row.kind,
        period: row.period,
        value,
        effectiveAt: new Date(row.effective_at),
      });
  }
  const state: LimitState = { effective: new Map(stored), pending: [], due: [] };
  for (const [key, change] of changes) {
    const value = effectiveLimit(stored.get(key) ?? null, change, now);
    if (value === null) state.effective.delete(key);
    else state.effective.set(key, value);
    if (change.effectiveAt.getTime() <= now.getTime()) state.due.push(change);
    else state.pending.push(change);
  }
  return state;
}

const minutesKind = { sessionMinutes: 'session', realityCheckMinutes: 'reality' } as const;

function present(state: LimitState): RgLimits {
  const reais = (kind: MoneyKind, period: MoneyPeriod) => {
    const value = state.effective.get(keyOf(kind, period));
    return value === undefined ? null : centsToReais(value);
  };
  const moneyOf = (kind: MoneyKind) => ({
    day: reais(kind, 'day'),
    week: reais(kind, 'week'),
    month: reais(kind, 'month'),
  });
  const session = state.effective.get(keyOf('session', ''));
  const reality = state.effective.get(keyOf('reality', ''));
  return {
    deposit: moneyOf('deposit'),
    loss: moneyOf('loss'),
    stake: moneyOf('stake'),
    sessionMinutes: session === undefined ? null : Number(session),
    realityCheckMinutes: reality === undefined ? DEFAULT_REALITY_MINUTES : Number(reality),
    pending: state.pending
      .map((change) => ({
        kind:
          change.kind === 'session'
            ? ('sessionMinutes' as const)
            : change.kind === 'reality'
              ? ('realityCheckMinutes' as const)
              : change.kind,
        period: change.period === '' ? null : change.period,
        value:
          change.value === null
            ? null
            : change.kind === 'session' || change.kind === 'reality'
              ? Number(change.value)
              : centsToReais(change.value),
        effectiveAt: change.effectiveAt.getTime(),
      }))
      .sort((a, b) => a.effectiveAt - b.effectiveAt),
  };
}

export async function getLimits(ctx: AppContext, userId: bigint): Promise<RgLimits> {
  return present(await loadLimits(ctx.db, userId, rgClock.now()));
}

/** Writes the changes whose 24 h have passed into the limits in force. */
async function foldDue(trx: Tx, userId: bigint, state: LimitState): Promise<void> {
  for (const change of state.due) {
    if (change.value === null) {
      await trx
        .deleteFrom('rg_limits')
        .where('user_id', '=', userId)
        .where('kind', '=', change.kind)
        .where('period', '=', change.period)
        .execute();
    } else await upsertLimit(trx, userId, change.kind, change.period, change.value);
    await dropPending(trx, userId, change.kind, change.period);
  }
}

async function upsertLimit(trx: Tx, userId: bigint, kind: RgLimitKind, period: RgPeriod, value: bigint) {
  await trx
    .insertInto('rg_limits')
    .values({ user_id: userId, kind, period, value })
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind', 'period']).doUpdateSet({ value, updated_at: sql`now()` }),
    )
    .execute();
}

async function dropPending(trx: Tx, userId: bigint, kind: RgLimitKind, period: RgPeriod) {
  await trx
    .deleteFrom('rg_limit_changes')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('period', '=', period)
    .execute();
}

interface Requested {
  kind: RgLimitKind;
  period: RgPeriod;
  value: bigint | null;
}

/** The body's fields as limits, validated: amounts exactly (api-contract section 1), minutes in range. */
function readRequest(body: RgLimitsBody): Requested[] {
  const requested: Requested[] = [];
  for (const kind of MONEY_KINDS) {
    const given = body[kind];
    if (!given) continue;
    for (const period of PERIODS) {
      const raw = given[period];
      if (raw === undefined) continue;
      if (raw === null || raw === '') {
        requested.push({ kind, period, value: null });
        continue;
      }
      const cents = readAmountCents(raw, `${kind}.${period}`);
      if (cents <= 0n) throw invalidInput('validation.amount', { field: `${kind}.${period}` });
      requested.push({ kind, period, value: cents });
    }
  }
  for (const field of ['sessionMinutes', 'realityCheckMinutes'] as const) {
    const raw = body[field];
    if (raw === undefined) continue;
    const kind = minutesKind[field];
    if (raw !== null && (raw < MINUTES_MIN[kind] || raw > MINUTES_MAX))
      throw invalidInput('rg.minutes_range', { field, min: MINUTES_MIN[kind], max: MINUTES_MAX });
    requested.push({ kind, period: '', value: raw === null ? null : BigInt(raw) });
  }
  return requested;
}

/** Lower limits apply at once; a raise or a removal waits 24 h (api-contract section 17). */
export async function setLimits(ctx: AppContext, userId: bigint, body: RgLimitsBody): Promise<RgLimits> {
  const requested = readRequest(body);
  await ctx.db.transaction().execute((trx) => changeLimits(trx, userId, requested));
  return getLimits(ctx, userId);
}

/** `setLimits`' rules inside the caller's transaction (also the completion of an older registration). */
export async function changeLimitsIn(trx: Tx, userId: bigint, body: RgLimitsBody): Promise<void> {
  await changeLimits(trx, userId, readRequest(body));
}

async function changeLimits(trx: Tx, userId: bigint, requested: Requested[]): Promise<void> {
  const now = rgClock.now();
  // One limit decision at a time per player, against the same lock the money paths take first.
  await lockPlayer(trx, userId);
  const state = await loadLimits(trx, userId, now);
  await foldDue(trx, userId, state);
  for (const change of requested) {
    // The reality check is on by default: "no row" means the default interval, not "none".
    const fallback = change.kind === 'reality' ? BigInt(DEFAULT_REALITY_MINUTES) : null;
    const current = state.effective.get(keyOf(change.kind, change.period)) ?? fallback;
    const decision = changeKind(current, change.value);
    if (decision === 'same') await dropPending(trx, userId, change.kind, change.period);
    else if (decision === 'now') {
      await upsertLimit(trx, userId, change.kind, change.period, change.value!);
      await dropPending(trx, userId, change.kind, change.period);
    } else {
      await trx
        .insertInto('rg_limit_changes')
        .values({
          user_id: userId,
          kind: change.kind,
          period: change.period,
          value: change.value,
          requested_at: now,
          effective_at: new Date(now.getTime() + PENDING_MS),
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'kind', 'period']).doUpdateSet({
            value: change.value,
            requested_at: now,
            effective_at: new Date(now.getTime() + PENDING_MS),
          }),
        )
        .execute();
    }
  }
}

/** Sums of the player's play since each period start: stakes, and the net (payouts minus stakes). */
export async function playTotals(trx: Tx, userId: bigint, starts: Date[]) {
  const since = starts.reduce((a, b) => (a.getTime() < b.getTime() ? a : b));
  // Every product's stake, payout, reversal, rollback and cash-out codes (docs/ledger.md): what the player risked
  // and got back.
  const rows = await sql<{ created_at: Date; code: string; amount: string }>`
    SELECT t.created_at, t.code, sum(p.amount_cents)::text AS amount
    FROM ledger_accounts a
    JOIN ledger_postings p ON p.account_id = a.id
    JOIN ledger_transactions t ON t.id = p.transaction_id
    WHERE a.owner_user_id = ${userId} AND a.kind IN ('player_cash', 'player_bonus')
      AND t.created_at >= ${since}
      AND t.code ~ '_(stake|payout|payout_reversal|rollback|refund|cashout)$'
    GROUP BY t.id, t.created_at, t.code`.execute(trx);
  return starts.map((start) => {
    let staked = 0n;
    let net = 0n;
    for (const row of rows.rows) {
      if (new Date(row.created_at).getTime() < start.getTime()) continue;
      const amount = BigInt(row.amount);
      if (row.code.endsWith('_stake')) staked -= amount;
      net += amount;
    }
    return { staked, net };
  });
}

/**
 * The deposit check, inside the order's transaction before the order is written: paid deposits and open
 * orders of the period plus this one must fit every deposit limit. Also the br-licensed rule that KYC is
 * approved before any deposit. The player's row is locked first, so two orders cannot both squeeze in.
 */
export async function assertDepositAllowed(
  ctx: AppContext,
  trx: Tx,
  userId: bigint,
  amountCents: bigint,
): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select(['kyc_status', 'zone_minutes'])
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
  if (ctx.config.regulatoryProfile === 'br-licensed' && user.kyc_status !== 'approved')
    throw conflict('rg.kyc_required');
  const now = rgClock.now();
  const state = await loadLimits(trx, userId, now);
  for (const period of PERIODS) {
    const limit = state.effective.get(keyOf('deposit', period));
    if (limit === undefined) continue;
    const start = periodStart(now, user.zone_minutes, period);
    const row = await trx
      .selectFrom('orders')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), sql<string>`0`).as('total'))
      .where('user_id', '=', userId)
      .where('type', '=', '10')
      .where('created_at', '>=', start)
      .where((eb) =>
        eb.or([
          eb('status', '=', '10'),
          eb.and([eb('status', '=', '00'), eb('expires_at', '>', sql<Date>`now()`)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    if (BigInt(row.total) + amountCents > limit)
      throw conflict(limitMessageKey('deposit', period), { limit: money(limit) });
  }
}

/** The limits chosen at registration (deposit, loss, session time): applied at once (a new account has none). */
export async function setRegistrationLimits(
  trx: Tx,
  userId: bigint,
  limits: {
    deposit: Partial<Record<MoneyPeriod, bigint>>;
    loss: Partial<Record<MoneyPeriod, bigint>>;
    sessionMinutes: number | undefined;
  },
): Promise<void> {
  for (const kind of ['deposit', 'loss'] as const)
    for (const period of PERIODS) {
      const value = limits[kind][period];
      if (value !== undefined) await upsertLimit(trx, userId, kind, period, value);
    }
  if (limits.sessionMinutes !== undefined)
    await upsertLimit(trx, userId, 'session', '', BigInt(limits.sessionMinutes));
}
