export interface AgentDay {
  day: string;
  wagered: number;
  commission: number;
}

export interface Period {
  wagered: number;
  commission: number;
}

const add = (sum: Period, day: AgentDay): Period => ({
  wagered: Math.round((sum.wagered + day.wagered) * 100) / 100,
  commission: Math.round((sum.commission + day.commission) * 100) / 100,
});
const zero: Period = { wagered: 0, commission: 0 };

/** Today (the last day of the answer), yesterday, and the 30 days together. */
export function agentPeriods(days: readonly AgentDay[]): { today: Period; yesterday: Period; month: Period } {
  const today = days.at(-1);
  const yesterday = days.at(-2);
  return {
    today: today ? add(zero, today) : zero,
    yesterday: yesterday ? add(zero, yesterday) : zero,
    month: days.reduce(add, zero),
  };
}

/** Bar heights (0..1) of a series against its largest value; all zero when nothing was earned. */
export function barHeights(values: readonly number[]): number[] {
  const top = Math.max(0, ...values);
  return values.map((value) => (top > 0 ? Math.max(0, value) / top : 0));
}
