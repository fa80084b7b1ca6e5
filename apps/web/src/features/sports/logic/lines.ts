import { type LocaleCode, localeInfo } from '../../../lib/locales';

// Lines in the player's language, like the odds beside them: "-0,75" and "Mais 2,25" in pt_BR, "-0.75" in
// en_US. A handicap keeps its sign; a level handicap reads "0,0" (as the big books print it), so "1 0,0"
// is plainly a line and not a score.

const lineFormats = new Map<string, Intl.NumberFormat>();

function lineFormat(locale: LocaleCode, signed: boolean): Intl.NumberFormat {
  const intlTag = localeInfo(locale).intlTag;
  const cacheKey = `${intlTag}|${signed}`;
  let format = lineFormats.get(cacheKey);
  if (!format) {
    format = new Intl.NumberFormat(intlTag, {
      maximumFractionDigits: 2,
      signDisplay: signed ? 'exceptZero' : 'auto',
      useGrouping: false,
    });
    lineFormats.set(cacheKey, format);
  }
  return format;
}

/** A handicap with its sign: "+0,25", "-0,75", and "0,0" for a level one (pt_BR). */
export function formatHandicap(line: number, locale: LocaleCode): string {
  const rounded = Math.round(line * 100) / 100;
  if (rounded === 0) {
    return new Intl.NumberFormat(localeInfo(locale).intlTag, { minimumFractionDigits: 1 }).format(0);
  }
  return lineFormat(locale, true).format(rounded);
}

/** A total: "2,5" (pt_BR). */
export function formatTotal(line: number, locale: LocaleCode): string {
  return lineFormat(locale, false).format(Math.round(line * 100) / 100);
}

/** The line a selection plays on: the home side's handicap, its opposite for the away side, or the total. */
export function selectionLine(
  type: string,
  outcome: string,
  line: number | null,
  locale: LocaleCode,
): string | null {
  if (line === null) return null;
  if (type === 'handicap' || type === 'cornersHandicap') {
    return formatHandicap(outcome === 'away' ? -line : line, locale);
  }
  if (type === 'total' || type === 'cornersTotal') return formatTotal(line, locale);
  return null;
}
