import type { TransparencyBucket } from '@aposta/contract';

/** The current period always, then only the periods in which something happened: a month of days fits a phone. */
export function visibleBuckets(buckets: readonly TransparencyBucket[]): TransparencyBucket[] {
  return buckets.filter(
    (bucket, index) =>
      index === 0 ||
      bucket.deposits !== 0 ||
      bucket.withdrawals !== 0 ||
      bucket.stakes !== 0 ||
      bucket.returns !== 0 ||
      bucket.playMinutes > 0,
  );
}

/** 125 → { hours: 2, minutes: 5 }. */
export function splitMinutes(total: number): { hours: number; minutes: number } {
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** A period's label from its first day: the day, the week's Monday, the month or the year, in the player's language. */
export function periodLabel(
  start: string,
  period: 'day' | 'week' | 'month' | 'year',
  intlTag: string,
): string {
  const date = new Date(`${start}T12:00:00Z`);
  const zone = { timeZone: 'UTC' } as const;
  if (period === 'year') return start.slice(0, 4);
  if (period === 'month')
    return new Intl.DateTimeFormat(intlTag, { ...zone, month: 'long', year: 'numeric' }).format(date);
  return new Intl.DateTimeFormat(intlTag, {
    ...zone,
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).format(date);
}
