/**
 * The VIP level table of spec.md section 9: per level, the deposit sum and the bet sum (reais) a player needs to
 * reach it, and a third value (the level-up reward, reais) the VIP issue pays. Levels 2, 3 and 11 are the
 * specification's; the levels between grow geometrically between them.
 */
export const LEVELS: readonly { level: number; paySum: number; gameSum: number; reward: number }[] = [
  { level: 1, paySum: 0, gameSum: 0, reward: 0 },
  { level: 2, paySum: 10, gameSum: 100, reward: 500 },
  { level: 3, paySum: 50, gameSum: 500, reward: 4000 },
  { level: 4, paySum: 300, gameSum: 2_000, reward: 12_000 },
  { level: 5, paySum: 1_500, gameSum: 8_000, reward: 35_000 },
  { level: 6, paySum: 6_000, gameSum: 30_000, reward: 100_000 },
  { level: 7, paySum: 20_000, gameSum: 100_000, reward: 300_000 },
  { level: 8, paySum: 60_000, gameSum: 350_000, reward: 900_000 },
  { level: 9, paySum: 200_000, gameSum: 1_200_000, reward: 2_500_000 },
  { level: 10, paySum: 600_000, gameSum: 3_500_000, reward: 10_000_000 },
  { level: 11, paySum: 2_000_000, gameSum: 10_000_000, reward: 40_000_000 },
];

export const LEVEL_MAX = 11;

/** What the next level asks for; at the top level the thresholds of the top level itself. */
export function nextLevelThresholds(level: number): { gameSumAmount: number; paySumAmount: number } {
  const next = LEVELS[Math.min(level, LEVEL_MAX - 1)] ?? LEVELS[LEVEL_MAX - 1]!;
  return { gameSumAmount: next.gameSum, paySumAmount: next.paySum };
}

/** The highest level whose both thresholds the sums meet. */
export function levelFor(paySumReais: number, gameSumReais: number): number {
  let reached = 1;
  for (const row of LEVELS) if (paySumReais >= row.paySum && gameSumReais >= row.gameSum) reached = row.level;
  return reached;
}
