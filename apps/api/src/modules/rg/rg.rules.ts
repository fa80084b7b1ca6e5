import type { ExclusionPeriod, RgLimitKind, RgPeriod } from '../../db/schema.rg.ts';

/** Pure rules of responsible gambling: periods, when a limit change applies, exclusion ends, ages. */

export const MONEY_KINDS = ['deposit', 'loss', 'stake'] as const;
export type MoneyKind = (typeof MONEY_KINDS)[number];
export const PERIODS = ['day', 'week', 'month'] as const;
export type MoneyPeriod = (typeof PERIODS)[number];

/** A raise or a removal waits this long (api-contract section 17). */
export const PENDING_MS = 24 * 3600 * 1000;
/** A stake after this long without one starts a new play session. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** The reality check's interval when the player chose none (api-contract section 17). */
export const DEFAULT_REALITY_MINUTES = 60;
export const MINUTES_MIN = { session: 5, reality: 5 } as const;
export const MINUTES_MAX = 24 * 60;
export const ADULT_AGE = 18;

/**
 * The start of the player's current day, week (Monday) or month, in the player's own zone (minutes east of
 * UTC, recorded on the account: api-contract section 1).
 */
export function periodStart(now: Date, zoneMinutes: number, period: MoneyPeriod): Date {
  const local = new Date(now.getTime() + zoneMinutes * 60_000);
  let y = local.getUTCFullYear();
  let m = local.getUTCMonth();
  let d = local.getUTCDate();
  if (period === 'week') {
    const sinceMonday = (local.getUTCDay() + 6) % 7;
    const monday = new Date(Date.UTC(y, m, d - sinceMonday));
    y = monday.getUTCFullYear();
    m = monday.getUTCMonth();
    d = monday.getUTCDate();
  } else if (period === 'month') d = 1;
  return new Date(Date.UTC(y, m, d) - zoneMinutes * 60_000);
}

/**
 * Whether a requested limit is stricter (applies at once), looser (waits 24 h) or the same. null is no limit.
 * For every kind a smaller number is stricter: less money, a shorter session, a more frequent reality check.
 */
export function changeKind(current: bigint | null, requested: bigint | null): 'now' | 'pending' | 'same' {
  if (current === requested) return 'same';
  if (requested === null) return 'pending';
  if (current === null) return 'now';
  return requested < current ? 'now' : 'pending';
}

/** The limit in force: the stored value, or a pending change whose 24 h have passed. */
export function effectiveLimit(
  stored: bigint | null,
  pending: { value: bigint | null; effectiveAt: Date } | undefined,
  now: Date,
): bigint | null {
  if (pending && pending.effectiveAt.getTime() <= now.getTime()) return pending.value;
  return stored;
}

export const EXCLUSION_DAYS: Record<ExclusionPeriod, number | null> = {
  '1d': 1,
  '7d': 7,
  '30d': 30,
  '180d': 180,
  permanent: null,
};

/** The end of a time-out or self-exclusion starting now; null: permanent. */
export function exclusionEnd(period: ExclusionPeriod, now: Date): Date | null {
  const days = EXCLUSION_DAYS[period];
  return days === null ? null : new Date(now.getTime() + days * 86_400_000);
}

/** Whole years between a birth date (YYYY-MM-DD) and today in Brasília; undefined for an impossible date. */
export function ageOn(birthDate: string, now: Date): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return undefined;
  const today = new Date(now.getTime() - 3 * 3600 * 1000);
  if (date.getTime() > today.getTime() || y < 1900) return undefined;
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() < m - 1 || (today.getUTCMonth() === m - 1 && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** The message key naming a money limit (rg.limit.deposit.day …). */
export const limitMessageKey = (kind: MoneyKind, period: MoneyPeriod) => `rg.limit.${kind}.${period}`;

export type LimitKey = { kind: RgLimitKind; period: RgPeriod };
