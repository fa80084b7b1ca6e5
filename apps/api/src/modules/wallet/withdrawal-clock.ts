/**
 * The payout clock (decision 0052): Portaria SPA/MF 615/2024 gives 120 minutes to pay a prize; we count them from
 * the withdrawal's request, the moment the player asks for money they already hold. The operator is warned at 90
 * minutes, the same point as the `PayoutNearDeadline` alert on `aposta_payout_oldest_open_age_seconds`.
 */
export const PAYOUT_DEADLINE_MINUTES = 120;
export const PAYOUT_ALARM_MINUTES = 90;

const MINUTE_MS = 60_000;

/** The clock tests move (docs/decisions/0040): every deadline reading asks it, never `Date.now()` directly. */
export const payoutClock = { now: (): Date => new Date() };

/** `ok`: in time; `near`: past the alarm, still in time; `late`: past the deadline. */
export type PayoutClockState = 'ok' | 'near' | 'late';

export interface PayoutClockReading {
  /** When the 120 minutes end (epoch ms). */
  deadline: number;
  /** Whole minutes left, rounded down (negative: minutes late, rounded up in magnitude). */
  minutesLeft: number;
  state: PayoutClockState;
}

/** Where an open withdrawal requested at `requestedAt` stands at `now`. Pure. */
export function readPayoutClock(requestedAt: Date, now: Date): PayoutClockReading {
  const deadline = requestedAt.getTime() + PAYOUT_DEADLINE_MINUTES * MINUTE_MS;
  const ageMs = now.getTime() - requestedAt.getTime();
  const state: PayoutClockState =
    ageMs > PAYOUT_DEADLINE_MINUTES * MINUTE_MS
      ? 'late'
      : ageMs > PAYOUT_ALARM_MINUTES * MINUTE_MS
        ? 'near'
        : 'ok';
  return { deadline, minutesLeft: Math.floor((deadline - now.getTime()) / MINUTE_MS), state };
}
