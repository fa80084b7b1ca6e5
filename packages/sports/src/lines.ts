// Asian lines are multiples of 0.25. Working in integer quarters keeps comparisons exact.

/** The line in quarters (−0.75 → −3). Throws unless the line is a multiple of 0.25. */
export function toQuarters(line: number): number {
  const quarters = Math.round(line * 4);
  if (!Number.isFinite(line) || Math.abs(line * 4 - quarters) > 1e-9) {
    throw new RangeError(`line ${line} is not a multiple of 0.25`);
  }
  return quarters;
}

export type LineClass = 'whole' | 'half' | 'quarter';

export function lineClass(line: number): LineClass {
  const quarters = toQuarters(line);
  if (quarters % 4 === 0) return 'whole';
  if (quarters % 2 === 0) return 'half';
  return 'quarter';
}

/**
 * The lines each part of the stake rides on, in quarters: one line for whole and half lines, the two
 * neighbouring half and whole lines for a quarter line (−0.75 → half on −0.5, half on −1).
 */
export function splitLineQuarters(quarters: number): readonly number[] {
  return quarters % 2 === 0 ? [quarters] : [quarters - 1, quarters + 1];
}

/** Same as splitLineQuarters, in line units (−0.75 → [−1, −0.5]). */
export function splitLine(line: number): readonly number[] {
  return splitLineQuarters(toQuarters(line)).map((quarters) => quarters / 4);
}
