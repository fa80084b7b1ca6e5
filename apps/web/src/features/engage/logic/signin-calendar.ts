import type { SignInState } from '../api/types';

// The 7-day sign-in calendar's cells (api-contract.md section 13). Pure, unit tested.

export type DayState = 'claimed' | 'today' | 'upcoming';

export interface DayCell {
  day: number;
  reward: number;
  state: DayState;
}

export const calendarDays = 7;

/**
 * One cell per day 1..7, whatever the server sent: a day it did not send has no reward (0). A claimed day is
 * claimed; today's unclaimed day is `today`; the rest are upcoming (a missed day restarts the calendar at day 1,
 * so no day before today is ever unclaimed for long: the server says so through `claimed`).
 */
export function calendarCells(state: SignInState): DayCell[] {
  const byDay = new Map(state.days.map((entry) => [entry.day, entry]));
  return Array.from({ length: calendarDays }, (_, index) => {
    const day = index + 1;
    const entry = byDay.get(day);
    const reward = entry && Number.isFinite(entry.reward) ? entry.reward : 0;
    if (entry?.claimed) return { day, reward, state: 'claimed' };
    if (day === state.today && !state.claimedToday) return { day, reward, state: 'today' };
    return { day, reward, state: 'upcoming' };
  });
}

/** What a claim now would pay, or undefined when today's is already taken. */
export function claimableReward(state: SignInState): number | undefined {
  if (state.claimedToday) return undefined;
  return calendarCells(state).find((cell) => cell.state === 'today')?.reward;
}
