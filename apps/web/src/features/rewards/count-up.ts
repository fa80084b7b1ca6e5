// Count-up animation (spec.md section 9: 2 s by default), eased out, rounded to centavos.
export const countUpDurationMs = 2000;

export function countUpValue(
  from: number,
  to: number,
  elapsedMs: number,
  durationMs = countUpDurationMs,
): number {
  const progress = Math.min(1, Math.max(0, elapsedMs / durationMs));
  const eased = 1 - (1 - progress) ** 3;
  return Math.round((from + (to - from) * eased) * 100) / 100;
}
