import type { TFunction } from 'i18next';
import type { LocaleCode } from '../../../lib/locales';
import { selectionLine } from './lines';
import { marketKey } from './markets';

// The words for a pick, shared by the odds buttons, the slip and my bets: "Santos -0,75", "Mais de 2,5",
// "Empate", "Ímpar". `t` is the sports namespace's.

export function outcomeText(
  t: TFunction<'sports'>,
  pick: { type: string; outcome: string; line: number | null; home: string; away: string; runner?: string },
  locale: LocaleCode,
): string {
  // Racing: the runner's name, and no line.
  if (pick.runner !== undefined) return pick.runner;
  const line = selectionLine(pick.type, pick.outcome, pick.line, locale);
  let words: string;
  switch (pick.outcome) {
    case 'home':
      words = pick.home;
      break;
    case 'away':
      words = pick.away;
      break;
    case 'draw':
    case 'over':
    case 'under':
    case 'odd':
    case 'even':
      words = t(`outcome.${pick.outcome}`);
      break;
    default:
      words = pick.outcome;
  }
  return line === null ? words : `${words} ${line}`;
}

const firstPartKeys: Readonly<Record<string, string>> = {
  tennis: 'firstSet',
  volleyball: 'firstSet',
  badminton: 'firstGame',
  tableTennis: 'firstGame',
  baseball: 'firstFive',
};

/** The words for a market period in the sport's terms: a tennis "firstHalf" is its first set. */
export function periodText(t: TFunction<'sports'>, period: string, sport: string): string {
  return t(`marketPeriod.${period === 'firstHalf' ? (firstPartKeys[sport] ?? 'firstHalf') : period}`);
}

/** A score as the books write it, home first: "0–1". */
export const scoreText = (score: { home: number; away: number }) => `${score.home}–${score.away}`;

/**
 * The score an in-play handicap counts from, when the pick has one: settlement counts only what is scored after
 * the bet (packages/sports), so "Internacional 0" at 0–1 means from 0–1 on. Only the goal/point handicap.
 */
export function countsFromText(
  t: TFunction<'sports'>,
  type: string,
  countsFrom: { home: number; away: number } | null | undefined,
): string | null {
  return type === 'handicap' && countsFrom ? t('market.countsFrom', { score: scoreText(countsFrom) }) : null;
}

/**
 * "Handicap asiático · 1º tempo" ("· 1º set" in tennis); the full game is the default and not named. An in-play
 * handicap adds the score it counts from: "Handicap asiático · conta a partir de 0–1".
 */
export function marketText(
  t: TFunction<'sports'>,
  market: { type: string; period: string; sport: string },
  countsFrom?: { home: number; away: number } | null,
): string {
  const name = t(`market.${marketKey(market.type, market.sport)}`);
  const parts = [name];
  if (market.period === 'firstHalf') parts.push(periodText(t, market.period, market.sport));
  const from = countsFromText(t, market.type, countsFrom);
  if (from) parts.push(from);
  return parts.join(' · ');
}

/** The short label of an odds button on a match card: 1 X 2, or the side and its line. */
export function shortOutcome(
  t: TFunction<'sports'>,
  pick: { type: string; outcome: string; line: number | null },
  locale: LocaleCode,
): string {
  const shownLine = selectionLine(pick.type, pick.outcome, pick.line, locale);
  let side: string;
  if (pick.outcome === 'home') side = '1';
  else if (pick.outcome === 'away') side = '2';
  else if (pick.outcome === 'draw') side = 'X';
  else side = t(`outcomeShort.${pick.outcome}`);
  return shownLine === null ? side : `${side} ${shownLine}`;
}
