/** What the tournaments page shows, pure: time left, a score in its unit, a mission's bar. */

/** Time left until `at` as days, hours and minutes (never negative). */
export function timeLeft(at: number, now: number): { d: number; h: number; m: number } {
  const minutes = Math.max(0, Math.floor((at - now) / 60_000));
  return { d: Math.floor(minutes / 1_440), h: Math.floor((minutes % 1_440) / 60), m: minutes % 60 };
}

/** A multiplier score arrives in hundredths (250 → "2,50×" in pt-BR). */
export function multiplierText(hundredths: number, intlTag: string): string {
  return `${new Intl.NumberFormat(intlTag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(hundredths / 100)}×`;
}

/** A mission's bar: the share done, 0..100. */
export const progressPercent = (progress: number, target: number): number =>
  target <= 0 ? 0 : Math.min(100, Math.round((progress / target) * 100));
