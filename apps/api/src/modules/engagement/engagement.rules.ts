/**
 * Pure rules of engagement (api-contract section 13): the player's day, the sign-in calendar, the increase offer,
 * fractions of money. No I/O; the services feed them rows.
 */

const DAY_MS = 86_400_000;

/** The player's calendar day (YYYY-MM-DD) at `nowMs`, in their recorded zone (minutes east of UTC). */
export function playerDay(nowMs: number, zoneMinutes: number): string {
  return new Date(nowMs + zoneMinutes * 60_000).toISOString().slice(0, 10);
}

/** The day before a YYYY-MM-DD day. */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

export const SIGNIN_DAYS = 7;

/** A deposit gift must be wagered this many times before it can be withdrawn (spec.md section 9). */
export const GIFT_WAGERING_MULTIPLE = 15n;

export interface SigninPosition {
  /** The calendar day (1..7) that today is: claimed today, or the one a claim today would take. */
  today: number;
  claimedToday: boolean;
  /** Days claimed in the current calendar (today included when claimed). */
  streak: number;
}

/**
 * Where the player stands in the 7-day calendar, from their last claim. A claim yesterday continues the calendar
 * (after day 7 it starts again at day 1); a missed day restarts it at day 1.
 */
export function signinPosition(
  last: { playerDay: string; calendarDay: number } | undefined,
  today: string,
): SigninPosition {
  if (last?.playerDay === today) {
    return { today: last.calendarDay, claimedToday: true, streak: last.calendarDay };
  }
  if (last && last.playerDay === dayBefore(today) && last.calendarDay < SIGNIN_DAYS) {
    return { today: last.calendarDay + 1, claimedToday: false, streak: last.calendarDay };
  }
  return { today: 1, claimedToday: false, streak: 0 };
}

/**
 * A decimal fraction as stored (numeric, at most 4 decimals: '0.1', '1.0500') in ten-thousandths, exactly:
 * money is never multiplied by a float.
 */
export function toTenThousandths(decimal: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,4})\d*)?$/.exec(decimal.trim());
  if (!match) throw new Error(`engagement: not a decimal fraction: ${decimal}`);
  return BigInt(match[1]!) * 10_000n + BigInt((match[2] ?? '').padEnd(4, '0'));
}

/** cents × fraction, rounded down to the centavo (the house never pays a fraction of a centavo more). */
export function centsTimes(cents: bigint, fraction: string): bigint {
  return (cents * toTenThousandths(fraction)) / 10_000n;
}

/**
 * A number with at most 4 decimals as the numeric text the database stores; undefined when it has more (JSON
 * numbers are binary: 0.15 is 1499.9999… ten-thousandths, so "at most 4 decimals" allows that float noise only).
 */
export function fractionText(value: number): string | undefined {
  const scaled = value * 10_000;
  if (!Number.isFinite(scaled) || Math.abs(scaled - Math.round(scaled)) > 1e-6) return undefined;
  return (Math.round(scaled) / 10_000).toFixed(4);
}

export interface IncreaseOfferDraft {
  amountCents: bigint;
  rewardCents: bigint;
}

/**
 * The increase offer once the stakes since the last offer reach the threshold: the popup counts from `amount` to
 * `amount × bouns`, and receiving it credits the difference. Undefined below the threshold or for nothing.
 */
export function increaseOffer(
  stakedSinceCents: bigint,
  thresholdCents: bigint,
  bouns: string,
): IncreaseOfferDraft | undefined {
  if (stakedSinceCents < thresholdCents || stakedSinceCents <= 0n) return undefined;
  const rewardCents = (stakedSinceCents * (toTenThousandths(bouns) - 10_000n)) / 10_000n;
  return rewardCents > 0n ? { amountCents: stakedSinceCents, rewardCents } : undefined;
}

export interface DiscountCampaign {
  id: bigint;
  audience: 'first_deposit' | 'everyone';
  discount: string;
  hours: number | null;
  startsAt: Date;
  endsAt: Date;
}

export interface DiscountOffer {
  campaignId: bigint;
  discount: string;
  expiresAt: Date;
}

/**
 * The discount a player is offered now: the largest among the running campaigns that reach them. A first-deposit
 * campaign reaches a player without a paid deposit, for its hours after registration.
 */
export function bestDiscount(
  campaigns: readonly DiscountCampaign[],
  player: { registeredAt: Date; hasPaidDeposit: boolean },
  nowMs: number,
): DiscountOffer | undefined {
  let best: DiscountOffer | undefined;
  for (const campaign of campaigns) {
    if (campaign.startsAt.getTime() > nowMs || campaign.endsAt.getTime() <= nowMs) continue;
    let expiresMs = campaign.endsAt.getTime();
    if (campaign.audience === 'first_deposit') {
      if (player.hasPaidDeposit || campaign.hours === null) continue;
      expiresMs = Math.min(expiresMs, player.registeredAt.getTime() + campaign.hours * 3_600_000);
      if (expiresMs <= nowMs) continue;
    }
    if (!best || toTenThousandths(campaign.discount) > toTenThousandths(best.discount)) {
      best = { campaignId: campaign.id, discount: campaign.discount, expiresAt: new Date(expiresMs) };
    }
  }
  return best;
}

/** The levels' thresholds must not fall from one level to the next, or a level could be skipped forever. */
export function thresholdsInOrder(
  rows: readonly { level: number; paySum: bigint; gameSum: bigint }[],
): boolean {
  const sorted = [...rows].sort((a, b) => a.level - b.level);
  for (let index = 1; index < sorted.length; index += 1) {
    const before = sorted[index - 1]!;
    const row = sorted[index]!;
    if (row.paySum < before.paySum || row.gameSum < before.gameSum) return false;
  }
  return sorted[0]?.paySum === 0n && sorted[0]?.gameSum === 0n;
}
