/**
 * Pure rules of early payout (decision 0063): a full-time 1X2 / moneyline pick is paid as won the moment its side
 * leads by the rule's margin during play (football: two goals). Once paid early a leg keeps its result: the final
 * score changes nothing.
 */

export interface EarlyPayoutPick {
  type: string;
  period: string;
  outcome: string;
}

/** The side that leads by at least `lead` (null: none does). */
export function leadingSide(score: { home: number; away: number }, lead: number): 'home' | 'away' | null {
  if (score.home - score.away >= lead) return 'home';
  if (score.away - score.home >= lead) return 'away';
  return null;
}

/** Whether a pick is paid early at this score during play (the draw and other markets never are). */
export function paidEarly(
  pick: EarlyPayoutPick,
  score: { home: number; away: number },
  lead: number | null,
  matchPeriod: number,
): boolean {
  if (lead === null || matchPeriod < 1 || matchPeriod > 5) return false;
  if (pick.type !== 'winAlone' || pick.period !== 'full') return false;
  return leadingSide(score, lead) === pick.outcome;
}

/** A leg's result once the match is settled: an early-paid leg keeps its win whatever the final says. */
export function finalLegResult(leg: { result: number; earlyPaid: boolean }, settledResult: number): number {
  return leg.earlyPaid ? leg.result : settledResult;
}

/** The rule that applies to a match: its league's own, else its sport's; a disabled rule means none. */
export function ruleLead(
  rules: readonly { leagueId: bigint | null; lead: number; enabled: boolean }[],
  leagueId: bigint,
): number | null {
  const rule =
    rules.find((item) => item.leagueId === leagueId) ?? rules.find((item) => item.leagueId === null);
  return rule?.enabled ? rule.lead : null;
}
