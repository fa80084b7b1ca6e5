// The discount countdown (spec.md section 9: percent with a countdown to expiry). Pure, unit tested.

/** hh:mm:ss until the end, mm:ss under an hour; 00:00 once it is over. */
export function formatRemaining(remainingMs: number): string {
  const totalSeconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** The discount as a percent: the API sends a fraction (0.1 = 10%). Undefined when there is none. */
export function discountPercent(discount: unknown): number | undefined {
  if (typeof discount !== 'number' || !Number.isFinite(discount) || discount <= 0) return undefined;
  // A value above 1 cannot be a fraction of the price: read it as a percent already.
  const percent = discount <= 1 ? discount * 100 : discount;
  return Math.round(percent * 100) / 100;
}

export interface ActiveDiscount {
  percent: number;
  expiresAt: number;
}

/** The discount to show at `now`, or undefined when there is none or it has expired. */
export function activeDiscount(
  payDiscount: { discount: number; expiredTime: number } | null | undefined,
  now: number,
): ActiveDiscount | undefined {
  if (!payDiscount) return undefined;
  const percent = discountPercent(payDiscount.discount);
  const expiresAt = Number(payDiscount.expiredTime);
  if (percent === undefined || !Number.isFinite(expiresAt) || expiresAt <= now) return undefined;
  return { percent, expiresAt };
}
