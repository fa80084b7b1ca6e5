// Lines as the app writes them: the decimal point is the betting world's, whatever the language, so a
// handicap reads "-0.75" everywhere. Odds are numbers the player compares, shown in the language's digits
// by lib/format's formatOdds.

/** A number without trailing zeros: 0.75, 2.5, 1. */
function plain(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** A handicap with its sign: "+0.25", "-0.75", "0". */
export function formatHandicap(line: number): string {
  if (line === 0) return '0';
  return line > 0 ? `+${plain(line)}` : `-${plain(-line)}`;
}

/** A total: "2.5". */
export function formatTotal(line: number): string {
  return plain(line);
}

/** The line a selection plays on: the home side's handicap, its opposite for the away side, or the total. */
export function selectionLine(type: string, outcome: string, line: number | null): string | null {
  if (line === null) return null;
  if (type === 'handicap' || type === 'cornersHandicap') {
    return formatHandicap(outcome === 'away' ? -line : line);
  }
  if (type === 'total' || type === 'cornersTotal') return formatTotal(line);
  return null;
}
