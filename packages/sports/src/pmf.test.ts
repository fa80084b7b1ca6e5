import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convolve,
  discretizedNormalCountPmf,
  discretizedNormalPmf,
  negate,
  type Pmf,
  poissonPmf,
  probabilityAt,
  shift,
  standardNormalCdf,
} from './pmf.ts';

const sum = (pmf: Pmf) => pmf.probabilities.reduce((a, b) => a + b, 0);
const mean = (pmf: Pmf) => pmf.probabilities.reduce((a, p, i) => a + p * (pmf.offset + i), 0);
const variance = (pmf: Pmf) => {
  const m = mean(pmf);
  return pmf.probabilities.reduce((a, p, i) => a + p * (pmf.offset + i - m) ** 2, 0);
};

describe('standard normal cdf', () => {
  it.each([
    [0, 0.5],
    [1, 0.8413447460685429],
    [-1, 0.15865525393145707],
    [1.959963984540054, 0.975],
    [3, 0.9986501019683699],
    [-3, 0.0013498980316301035],
    [-6, 9.865876450376946e-10],
    [8, 0.9999999999999993],
  ])('Φ(%d) = %d', (x, expected) => {
    expect(Math.abs(standardNormalCdf(x) - expected)).toBeLessThan(1e-15);
  });

  it('is monotone and symmetric', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -12, max: 12, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        (x, dx) => {
          expect(standardNormalCdf(x + dx)).toBeGreaterThanOrEqual(standardNormalCdf(x));
          expect(standardNormalCdf(x) + standardNormalCdf(-x)).toBeCloseTo(1, 14);
        },
      ),
    );
  });
});

describe('pmfs', () => {
  it('Poisson sums to 1 with the right mean and variance', () => {
    for (const lambda of [0.1, 0.5, 1.35, 2.7, 6, 12.5]) {
      const pmf = poissonPmf(lambda);
      expect(sum(pmf)).toBeCloseTo(1, 14);
      expect(mean(pmf)).toBeCloseTo(lambda, 10);
      expect(variance(pmf)).toBeCloseTo(lambda, 9);
    }
    expect(poissonPmf(0)).toEqual({ offset: 0, probabilities: [1] });
    expect(probabilityAt(poissonPmf(1), 0)).toBeCloseTo(Math.exp(-1), 14);
    expect(() => poissonPmf(-1)).toThrow(RangeError);
  });

  it('convolution adds means; negation flips them; shift moves them', () => {
    const a = poissonPmf(1.4);
    const b = poissonPmf(0.9);
    expect(mean(convolve(a, negate(b)))).toBeCloseTo(0.5, 10);
    expect(mean(convolve(a, b))).toBeCloseTo(2.3, 10);
    expect(sum(convolve(a, negate(b)))).toBeCloseTo(1, 14);
    expect(mean(shift(a, 3))).toBeCloseTo(4.4, 10);
    expect(probabilityAt(negate(a), -2)).toBe(probabilityAt(a, 2));
  });

  it('discretized normal keeps mean and variance (plus 1/12 for rounding)', () => {
    const pmf = discretizedNormalPmf(4.5, 12);
    expect(sum(pmf)).toBeCloseTo(1, 13);
    expect(mean(pmf)).toBeCloseTo(4.5, 8);
    expect(variance(pmf)).toBeCloseTo(144 + 1 / 12, 6);
    expect(discretizedNormalPmf(3.4, 0)).toEqual({ offset: 3, probabilities: [1] });
  });

  it('the count variant has no negative support and folds the tail onto zero', () => {
    const pmf = discretizedNormalCountPmf(1, 2);
    expect(pmf.offset).toBe(0);
    expect(sum(pmf)).toBeCloseTo(1, 13);
    expect(probabilityAt(pmf, 0)).toBeCloseTo(standardNormalCdf(-0.25), 12);
    expect(discretizedNormalCountPmf(-50, 1)).toEqual({ offset: 0, probabilities: [1] });
  });
});
