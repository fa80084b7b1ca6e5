/**
 * The clocks of the round games, pure. Double: a round every 30 s (15 s of betting, then the spin and the
 * result). Lucky color: fixed periods with numbered issues; betting closes 5 s before the draw.
 */
export const DOUBLE_BETTING_MS = 15_000;
export const DOUBLE_ROLLING_MS = 10_000;
export const DOUBLE_ROUND_MS = 30_000;
export const LUCKY_COLOR_PERIODS_SECONDS = [30, 60, 180, 300] as const;
export const LUCKY_COLOR_CLOSE_BEFORE_DRAW_MS = 5_000;

export interface RoundTimes {
  bettingEndsAt: Date;
  endsAt: Date;
}

export function doubleRoundTimes(startsAt: Date): RoundTimes {
  return {
    bettingEndsAt: new Date(startsAt.getTime() + DOUBLE_BETTING_MS),
    endsAt: new Date(startsAt.getTime() + DOUBLE_BETTING_MS + DOUBLE_ROLLING_MS),
  };
}

/** The lucky color slot running at `now`: its issue number (date in Brasília + slot of the day) and times. */
export function luckyColorSlot(periodSeconds: number, now: Date): RoundTimes & { issue: string } {
  const periodMs = periodSeconds * 1000;
  const slotStartMs = Math.floor(now.getTime() / periodMs) * periodMs;
  const drawAt = slotStartMs + periodMs;
  // Issue numbers follow the players' calendar (UTC−3): yyyymmdd + period code + slot of the day.
  const local = new Date(slotStartMs - 3 * 3600_000);
  const day = local.toISOString().slice(0, 10).replaceAll('-', '');
  const slotOfDay = Math.floor((local.getTime() % 86_400_000) / periodMs) + 1;
  const periodCode = String(periodSeconds).padStart(3, '0');
  return {
    issue: `${day}${periodCode}${String(slotOfDay).padStart(4, '0')}`,
    bettingEndsAt: new Date(drawAt - LUCKY_COLOR_CLOSE_BEFORE_DRAW_MS),
    endsAt: new Date(drawAt),
  };
}
