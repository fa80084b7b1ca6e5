// The online count on home (spec.md section 9): 101 times the operator's `onlineBase` plus a random amount,
// shown with K or M. Pure, unit tested; the random source is passed in.

export const onlineMultiplier = 101;
/** The random part stays below one step of the base, so a change of base always shows. */
export const onlineJitterMax = 100;
/** How often the random part is drawn again while home is shown. */
export const onlineRefreshMs = 30_000;

export function onlineCount(base: number, random01: number): number {
  if (!Number.isFinite(base) || base <= 0) return 0;
  const jitter = Math.floor(Math.min(Math.max(random01, 0), 0.999_999) * (onlineJitterMax + 1));
  return Math.floor(base) * onlineMultiplier + jitter;
}

const compactFormats = new Map<string, Intl.NumberFormat>();

function oneDecimal(intlTag: string): Intl.NumberFormat {
  let format = compactFormats.get(intlTag);
  if (!format) {
    format = new Intl.NumberFormat(intlTag, { maximumFractionDigits: 1, roundingMode: 'trunc' });
    compactFormats.set(intlTag, format);
  }
  return format;
}

/** 950 → "950", 12 345 → "12,3K" (pt-BR), 1 234 567 → "1,2M": truncated, never rounded up. */
export function formatOnline(count: number, intlTag: string): string {
  if (!Number.isFinite(count) || count < 0) return '-';
  if (count >= 1e6) return `${oneDecimal(intlTag).format(count / 1e6)}M`;
  if (count >= 1e3) return `${oneDecimal(intlTag).format(count / 1e3)}K`;
  return String(Math.floor(count));
}

/** spec.md section 6: the award check is skipped when the operator's telegram value names a manager. */
export function skipsAwardCheck(telegram: string | undefined): boolean {
  return typeof telegram === 'string' && telegram.includes('manager');
}

/** spec.md section 9: the award check runs 1 s after home loads. */
export const awardCheckDelayMs = 1000;
