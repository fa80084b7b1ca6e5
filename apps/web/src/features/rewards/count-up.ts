import { reaisToCents } from '@aposta/money';

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

/**
 * The reward an increase offer credits, exactly as the server computes it (engagement.rules increaseOffer):
 * stake in centavos × (bouns − 1) in ten-thousandths, rounded down to the centavo. In reais.
 */
export function increaseReward(amount: number, bouns: number): number {
  const stakedCents = reaisToCents(amount);
  const extraTenThousandths = BigInt(Math.round(bouns * 10_000)) - 10_000n;
  if (extraTenThousandths <= 0n || stakedCents <= 0n) return 0;
  return Number((stakedCents * extraTenThousandths) / 10_000n) / 100;
}

/** The offer's rate as a percent (bouns 1.05 → 5). */
export function increasePercent(bouns: number): number {
  return Math.round((bouns - 1) * 1_000_000) / 10_000;
}
