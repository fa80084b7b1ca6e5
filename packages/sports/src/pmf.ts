// Probability mass functions over consecutive integers, the common ground of every pricing model.

/** probabilities[i] = P(X = offset + i). */
export interface Pmf {
  readonly offset: number;
  readonly probabilities: readonly number[];
}

// Mass left out when truncating infinite supports; far below a cent on any stake we take.
const tailMass = 1e-14;

export function pointMass(value: number): Pmf {
  return { offset: value, probabilities: [1] };
}

export function probabilityAt(pmf: Pmf, value: number): number {
  return pmf.probabilities[value - pmf.offset] ?? 0;
}

/** Rescales to a total of exactly 1 (up to float) so truncation never leaks into prices. */
function normalize(offset: number, probabilities: number[]): Pmf {
  const total = probabilities.reduce((sum, p) => sum + p, 0);
  return { offset, probabilities: probabilities.map((p) => p / total) };
}

/** Poisson(mean) truncated once the remaining tail is negligible. */
export function poissonPmf(mean: number): Pmf {
  if (!(mean >= 0) || !Number.isFinite(mean)) throw new RangeError(`Poisson mean must be ≥ 0, got ${mean}`);
  if (mean === 0) return pointMass(0);
  const probabilities: number[] = [];
  let p = Math.exp(-mean);
  let cumulative = 0;
  for (let k = 0; k < 10_000; k++) {
    probabilities.push(p);
    cumulative += p;
    if (k > mean && 1 - cumulative < tailMass) break;
    p *= mean / (k + 1);
  }
  return normalize(0, probabilities);
}

/** Distribution of X + Y for independent X and Y. */
export function convolve(a: Pmf, b: Pmf): Pmf {
  const probabilities = new Array<number>(a.probabilities.length + b.probabilities.length - 1).fill(0);
  a.probabilities.forEach((pa, i) => {
    b.probabilities.forEach((pb, j) => {
      probabilities[i + j]! += pa * pb;
    });
  });
  return { offset: a.offset + b.offset, probabilities };
}

/** Distribution of −X. */
export function negate(pmf: Pmf): Pmf {
  return {
    offset: -(pmf.offset + pmf.probabilities.length - 1),
    probabilities: [...pmf.probabilities].reverse(),
  };
}

/** Distribution of X + constant. */
export function shift(pmf: Pmf, constant: number): Pmf {
  return { offset: pmf.offset + constant, probabilities: pmf.probabilities };
}

/** Standard normal cumulative distribution Φ(x), absolute error below 1e-15. */
export function standardNormalCdf(x: number): number {
  if (x < -10) return 0;
  if (x > 10) return 1;
  // Φ(x) = ½ + φ(x)·Σ x^(2n+1)/(1·3·…·(2n+1)): all terms share x's sign, so nothing cancels.
  let term = x;
  let sum = x;
  for (let n = 1; n < 500 && Math.abs(term) > 1e-17 * Math.abs(sum); n++) {
    term *= (x * x) / (2 * n + 1);
    sum += term;
  }
  const density = Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
  return Math.min(1, Math.max(0, 0.5 + density * sum));
}

/**
 * A normal N(mean, sd) rounded to the nearest integer (continuity correction), so whole lines get
 * a real push probability. sd = 0 puts everything on round(mean).
 */
export function discretizedNormalPmf(mean: number, sd: number): Pmf {
  if (!Number.isFinite(mean) || !(sd >= 0)) throw new RangeError('normal needs a finite mean and sd ≥ 0');
  if (sd === 0) return pointMass(Math.round(mean));
  const low = Math.floor(mean - 9 * sd);
  const high = Math.ceil(mean + 9 * sd);
  const probabilities: number[] = [];
  for (let k = low; k <= high; k++) {
    probabilities.push(standardNormalCdf((k + 0.5 - mean) / sd) - standardNormalCdf((k - 0.5 - mean) / sd));
  }
  return normalize(low, probabilities);
}

/** Same as discretizedNormalPmf but with no mass below zero (counts cannot be negative). */
export function discretizedNormalCountPmf(mean: number, sd: number): Pmf {
  const pmf = discretizedNormalPmf(mean, sd);
  if (pmf.offset >= 0) return pmf;
  const probabilities = pmf.probabilities.slice(-pmf.offset);
  // Fold the negative tail onto zero rather than dropping it.
  probabilities[0] =
    (probabilities[0] ?? 0) + pmf.probabilities.slice(0, -pmf.offset).reduce((s, p) => s + p, 0);
  return normalize(0, probabilities);
}
