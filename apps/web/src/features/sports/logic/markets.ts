import { sportTraits } from '@aposta/sports';
import { isSportCode } from './vocabulary';

// Markets: their order on screen and their names' keys (sports:market.*).

export const marketTypeOrder = [
  'winAlone',
  'handicap',
  'total',
  'oddEven',
  'cornersTotal',
  'cornersHandicap',
] as const;
export const marketPeriodOrder = ['full', 'firstHalf'] as const;

/** Whether the sport's winAlone is three-way (1X2); elsewhere it is a moneyline. */
export function hasDraw(sport: string): boolean {
  return isSportCode(sport) && sportTraits[sport].drawPossible;
}

/** The key under sports:market; a two-way winAlone (no draw) is a moneyline. */
export function marketKey(type: string, sport: string): string {
  if (type === 'winAlone' && !hasDraw(sport)) return 'moneyline';
  if (type === 'winner' || type === 'podium') return type;
  return (marketTypeOrder as readonly string[]).includes(type) ? type : 'other';
}

/** Order of outcomes on screen: 1 X 2, over before under, odd before even. */
const outcomeOrder = ['home', 'draw', 'away', 'over', 'under', 'odd', 'even'];
export function byOutcomeOrder<T extends { outcome: string }>(selections: readonly T[]): T[] {
  const rank = (outcome: string) => {
    const index = outcomeOrder.indexOf(outcome);
    return index === -1 ? outcomeOrder.length : index;
  };
  return [...selections].sort((a, b) => rank(a.outcome) - rank(b.outcome));
}
