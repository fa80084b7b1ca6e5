import { betResult, matchPeriod, sportCodes } from '@aposta/sports';

// Codes of the API turned into translation keys (sports namespace). The numeric codes are spec.md
// section 3's; the words live in src/locales/<lang>/sports.json.

export { sportCodes };
export type SportCode = (typeof sportCodes)[number];

export function isSportCode(value: string | null | undefined): value is SportCode {
  return typeof value === 'string' && (sportCodes as readonly string[]).includes(value);
}

const periodKeys: ReadonlyMap<number, string> = new Map([
  [matchPeriod.notOpen, 'notOpen'],
  [matchPeriod.firstHalf, 'firstHalf'],
  [matchPeriod.midfield, 'halfTime'],
  [matchPeriod.secondHalf, 'secondHalf'],
  [matchPeriod.overtime, 'overtime'],
  [matchPeriod.penalty, 'penalties'],
  [matchPeriod.finished, 'finished'],
  [matchPeriod.cancelled, 'cancelled'],
  [matchPeriod.toBeDetermined, 'toBeDetermined'],
  [matchPeriod.cutInHalf, 'abandoned'],
  [matchPeriod.interrupted, 'interrupted'],
  [matchPeriod.postponed, 'postponed'],
]);

/** The key under sports:period for a match period code; an unknown code reads as 'unknown'. */
export function periodKey(period: number): string {
  return periodKeys.get(period) ?? 'unknown';
}

/** Playing now: first half to penalties (1..5). */
export function isLive(period: number): boolean {
  return period >= matchPeriod.firstHalf && period <= matchPeriod.penalty;
}

/** Finished, cancelled, abandoned, postponed, …: every negative code. */
export function isOver(period: number): boolean {
  return period < 0;
}

const resultKeys: ReadonlyMap<number, string> = new Map([
  [betResult.open, 'open'],
  [betResult.win, 'won'],
  [betResult.loseHalf, 'lostHalf'],
  [betResult.lose, 'lost'],
  [betResult.winHalf, 'wonHalf'],
  [betResult.refund, 'refunded'],
]);

/** The key under sports:result for a bet or leg result code. */
export function resultKey(result: number): string {
  return resultKeys.get(result) ?? 'unknown';
}

/** How a result reads at a glance: good news green, bad news red, the rest neutral. */
export function resultTone(result: number): 'win' | 'lose' | 'neutral' {
  if (result === betResult.win || result === betResult.winHalf) return 'win';
  if (result === betResult.lose || result === betResult.loseHalf) return 'lose';
  return 'neutral';
}
