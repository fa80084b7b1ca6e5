import type { TransparencyPeriod } from '@aposta/contract';

/** The player's page counts days in Brasília's zone, like the back office's reports. */
export const TRANSPARENCY_TIME_ZONE = 'America/Sao_Paulo';

/** How many periods the page shows, newest first: a month of days, a quarter of weeks, a year of months. */
export const PERIOD_COUNT: Record<TransparencyPeriod, number> = { day: 31, week: 13, month: 12, year: 3 };

/** A code of the games' money: what the player staked and what came back (the loss limit's codes, rg.service). */
const GAME_CODE = /_(stake|payout|payout_reversal|rollback|refund|cashout)$/;

/** One day's sum of the postings on the player's own accounts for one transaction code. */
export interface DayCodeSum {
  day: string;
  code: string;
  amountCents: bigint;
}

export interface BucketTotals {
  start: string;
  depositsCents: bigint;
  withdrawalsCents: bigint;
  stakesCents: bigint;
  returnsCents: bigint;
  netCents: bigint;
  playMinutes: number;
}

const DAY_MS = 86_400_000;
const dayToUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const utcToDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Today's date (YYYY-MM-DD) in São Paulo at the instant `now`. */
export function localDay(now: Date, timeZone = TRANSPARENCY_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The first day of the period holding `day`: itself, its Monday, the 1st of its month, 1 January. */
export function periodStart(day: string, period: TransparencyPeriod): string {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  if (period === 'year') return `${day.slice(0, 4)}-01-01`;
  const time = dayToUtc(day);
  const sinceMonday = (new Date(time).getUTCDay() + 6) % 7;
  return utcToDay(time - sinceMonday * DAY_MS);
}

/** The start of the period `back` periods before the one holding `day`. */
function periodBefore(day: string, period: TransparencyPeriod, back: number): string {
  const start = periodStart(day, period);
  if (period === 'day') return utcToDay(dayToUtc(start) - back * DAY_MS);
  if (period === 'week') return utcToDay(dayToUtc(start) - back * 7 * DAY_MS);
  const year = Number(start.slice(0, 4));
  if (period === 'year') return `${year - back}-01-01`;
  const months = year * 12 + Number(start.slice(5, 7)) - 1 - back;
  return `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}-01`;
}

/** The starts of the `count` periods ending with today's, newest first. */
export function periodStarts(
  today: string,
  period: TransparencyPeriod,
  count = PERIOD_COUNT[period],
): string[] {
  return Array.from({ length: count }, (_, back) => periodBefore(today, period, back));
}

/** What one code's sum on the player's accounts means: money in, money out, staked, or paid back. */
export function classify(code: string, amountCents: bigint) {
  const zero = { depositsCents: 0n, withdrawalsCents: 0n, stakesCents: 0n, returnsCents: 0n };
  if (code === 'deposit') return { ...zero, depositsCents: amountCents };
  // Holding and returning a withdrawal move money between the player's own accounts (sum 0); paying it out moves
  // it to the provider: the player's side is negative.
  if (code === 'withdrawal_paid') return { ...zero, withdrawalsCents: -amountCents };
  if (!GAME_CODE.test(code)) return zero;
  if (code.endsWith('_stake')) return { ...zero, stakesCents: -amountCents };
  return { ...zero, returnsCents: amountCents };
}

/**
 * Folds daily sums and daily play minutes into the periods of `starts` (newest first); days before the oldest
 * start are left out. Pure: the page's figures come from here alone.
 */
export function foldBuckets(
  starts: readonly string[],
  period: TransparencyPeriod,
  sums: readonly DayCodeSum[],
  minutes: ReadonlyMap<string, number>,
): BucketTotals[] {
  const buckets = new Map(
    starts.map((start) => [
      start,
      {
        start,
        depositsCents: 0n,
        withdrawalsCents: 0n,
        stakesCents: 0n,
        returnsCents: 0n,
        netCents: 0n,
        playMinutes: 0,
      },
    ]),
  );
  for (const sum of sums) {
    const bucket = buckets.get(periodStart(sum.day, period));
    if (!bucket) continue;
    const part = classify(sum.code, sum.amountCents);
    bucket.depositsCents += part.depositsCents;
    bucket.withdrawalsCents += part.withdrawalsCents;
    bucket.stakesCents += part.stakesCents;
    bucket.returnsCents += part.returnsCents;
  }
  for (const [day, played] of minutes) {
    const bucket = buckets.get(periodStart(day, period));
    if (bucket) bucket.playMinutes += played;
  }
  return starts.map((start) => {
    const bucket = buckets.get(start)!;
    return { ...bucket, netCents: bucket.returnsCents - bucket.stakesCents };
  });
}

/**
 * Minutes played on a day: the folded count plus the live tail's distinct minutes, less one when the tail's
 * first minute is the fold's last (a minute two folds share is counted once).
 */
export function mergeMinutes(
  folded: { minutes: number; lastMinute: number } | undefined,
  tailMinutes: readonly number[],
): number {
  const distinct = new Set(tailMinutes);
  const base = folded?.minutes ?? 0;
  const shared = folded !== undefined && distinct.has(folded.lastMinute) ? 1 : 0;
  return base + distinct.size - shared;
}
