import { describe, expect, it } from 'vitest';
import { potentialReturnCents, totalOdds } from './potential-return';
import { cleanStakeInput, decimalSeparatorOf, parseStakeCents, stakeAmountText } from './stake';

describe('potential return', () => {
  it('a single returns stake × odds, floored to the centavo', () => {
    // 10.01 × 1.333 = 13.34333 → R$ 13,34
    expect(potentialReturnCents(1001n, [1.333])).toBe(1334n);
    // 0.99 × 1.85 = 1.8315 → R$ 1,83
    expect(potentialReturnCents(99n, [1.85])).toBe(183n);
  });

  it('a parlay multiplies the odds exactly and floors once, never per leg', () => {
    // 10 × 1.111 × 1.111 × 1.111 = 13.71330... → 13,71 (flooring each leg would give 13,70)
    expect(potentialReturnCents(1000n, [1.111, 1.111, 1.111])).toBe(1371n);
    // 3 × 2.5 × 1.91 = 14.325 → 14,32
    expect(potentialReturnCents(300n, [2.5, 1.91])).toBe(1432n);
  });

  it('no stake, no legs or odds the server cannot take give no number', () => {
    expect(potentialReturnCents(undefined, [2])).toBeUndefined();
    expect(potentialReturnCents(0n, [2])).toBeUndefined();
    expect(potentialReturnCents(100n, [])).toBeUndefined();
    expect(potentialReturnCents(100n, [1.0005])).toBeUndefined();
  });

  it("the parlay's odds are the product floored to the thousandth", () => {
    expect(totalOdds([1.111, 1.111, 1.111])).toBe(1.371);
    expect(totalOdds([2.5, 1.91])).toBe(4.775);
    expect(totalOdds([])).toBeUndefined();
  });
});

describe('stake input', () => {
  it('reads the language decimal separator, at most two decimals, never rounding', () => {
    expect(parseStakeCents('10', ',')).toBe(1000n);
    expect(parseStakeCents('10,5', ',')).toBe(1050n);
    expect(parseStakeCents('10,55', ',')).toBe(1055n);
    expect(parseStakeCents('10.55', '.')).toBe(1055n);
    expect(parseStakeCents(',5', ',')).toBe(50n);
    expect(parseStakeCents('10,555', ',')).toBeUndefined();
    expect(parseStakeCents('0', ',')).toBeUndefined();
    expect(parseStakeCents('', ',')).toBeUndefined();
    expect(parseStakeCents('1e3', '.')).toBeUndefined();
    expect(parseStakeCents('-5', '.')).toBeUndefined();
  });

  it('"1.000" typed in pt_BR is a thousand reais, never one', () => {
    expect(cleanStakeInput('1.000', ',')).toBe('1000');
    expect(parseStakeCents(cleanStakeInput('1.000', ','), ',')).toBe(100000n);
    expect(cleanStakeInput('1,000.5', '.')).toBe('1000.5');
  });

  it('typing keeps digits and one separator with two decimals', () => {
    expect(cleanStakeInput('R$ 12,345', ',')).toBe('12,34');
    expect(cleanStakeInput('1,2,3', ',')).toBe('1,23');
    expect(cleanStakeInput('abc', ',')).toBe('');
  });

  it('knows the decimal separator of a language', () => {
    expect(decimalSeparatorOf('pt-BR')).toBe(',');
    expect(decimalSeparatorOf('en-US')).toBe('.');
  });

  it('sends reais as text with two decimals', () => {
    expect(stakeAmountText(1050n)).toBe('10.50');
    expect(stakeAmountText(5n)).toBe('0.05');
  });
});
