// Even y-axis ticks for the dashboard's charts: steps of 1, 2 or 5 times a power of ten, from a round number
// at or below the data to one at or above it (0 always on the axis), so a chart never reads -0,8 / -1,5 / -2,3.

function niceStep(span: number, intervals: number): number {
  const raw = span / intervals;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Ticks covering every value and zero; whole numbers only when `wholeNumbers` (counts of players). */
export function niceTicks(values: readonly number[], wholeNumbers = false, intervals = 4): number[] {
  const finite = values.filter(Number.isFinite);
  const low = Math.min(0, ...finite);
  const high = Math.max(0, ...finite);
  if (low === high) return [0, wholeNumbers ? 1 : 1];
  let step = niceStep(high - low, intervals);
  if (wholeNumbers) step = Math.max(1, Math.round(step));
  const first = Math.floor(low / step) * step;
  const last = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  // Rounded to the step's decimals so 0.1 + 0.2 does not show as 0.30000000000000004.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  for (let tick = first; tick <= last + step / 2; tick += step) ticks.push(Number(tick.toFixed(decimals)));
  return ticks;
}
