import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOddsMilli, oddsMilliFromDecimal, parseOddsMilli } from './odds.ts';
import {
  diffPayout,
  type ParlayLeg,
  resettleParlay,
  resettleSingle,
  returnFactor,
  settleParlay,
  singleReturnCents,
} from './payout.ts';
import type { SettledResultCode } from './vocabulary.ts';

describe('odds are exact thousandths', () => {
  it.each([
    ['2.05', 2050],
    ['1.333', 1333],
    ['2', 2000],
    ['1.5', 1500],
    ['1.01', 1010],
    ['1000.00', 1_000_000],
    [' 3.10 ', 3100],
  ])('parses %s', (text, expected) => {
    expect(parseOddsMilli(text)).toBe(expected);
  });

  it.each(['1.2345', '0.99', '-2', 'abc', '', '1,5', '2.'])('rejects %j', (text) => {
    expect(() => parseOddsMilli(text)).toThrow(RangeError);
  });

  it('converts numbers that have at most 3 decimals, exactly', () => {
    expect(oddsMilliFromDecimal(2.05)).toBe(2050);
    expect(oddsMilliFromDecimal(1.333)).toBe(1333);
    expect(oddsMilliFromDecimal(1.1)).toBe(1100);
    expect(() => oddsMilliFromDecimal(1.0005)).toThrow(/3 decimals/);
    expect(() => oddsMilliFromDecimal(0.5)).toThrow(/≥ 1000/);
  });

  it('formats with two decimals, three when needed', () => {
    expect(formatOddsMilli(2050)).toBe('2.05');
    expect(formatOddsMilli(1333)).toBe('1.333');
    expect(formatOddsMilli(3500)).toBe('3.50');
    expect(formatOddsMilli(1000)).toBe('1.00');
    expect(formatOddsMilli(12_340)).toBe('12.34');
  });

  it('round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 10_000_000 }), (milli) => {
        expect(parseOddsMilli(formatOddsMilli(milli))).toBe(milli);
      }),
    );
  });
});

describe('single bet return', () => {
  it.each([
    [10, 2050n], // stake × odds
    [21, 1525n], // stake/2 × odds + stake/2
    [11, 500n], // stake/2
    [90, 1000n], // stake
    [20, 0n],
  ] as const)('result %d on R$10.00 at 2.05 returns %d centavos', (result, expected) => {
    expect(singleReturnCents(1000n, 2050, result)).toBe(expected);
  });

  it.each([
    // stake, odds, result, exact value, floored
    [333n, 1333, 10, '443.889', 443n],
    [101n, 2050, 21, '154.025', 154n],
    [99n, 1333, 21, '115.4835', 115n],
    [7n, 1500, 11, '3.5', 3n],
    [1n, 1333, 10, '1.333', 1n],
    [1n, 1999, 21, '1.4995', 1n],
    [12_345n, 2050, 10, '25307.25', 25_307n],
    [999_999_999_999n, 1333, 10, '1332999999998.667', 1_332_999_999_998n],
  ] as const)('floors to the centavo: %d × %d (%d) = %s → %d', (stake, odds, result, _exact, expected) => {
    expect(singleReturnCents(stake, odds, result)).toBe(expected);
  });

  it('never returns more than the exact value nor a centavo less', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 1000, max: 100_000 }),
        fc.constantFrom<SettledResultCode>(10, 11, 20, 21, 90),
        (stake, odds, result) => {
          const paid = singleReturnCents(stake, odds, result);
          // exact × 2000 as an integer: every factor has denominator 1, 2, 1000 or 2000.
          const factor = returnFactor(result, odds);
          const exactTimes2000 = (stake * factor.numerator * 2000n) / factor.denominator;
          expect(paid * 2000n <= exactTimes2000).toBe(true);
          expect((paid + 1n) * 2000n > exactTimes2000).toBe(true);
        },
      ),
    );
  });

  it('rejects bad stakes, odds and open results', () => {
    expect(() => singleReturnCents(0n, 2000, 10)).toThrow(/stakeCents/);
    expect(() => singleReturnCents(-5n, 2000, 10)).toThrow(/stakeCents/);
    expect(() => singleReturnCents(100n, 999, 10)).toThrow(/oddsMilli/);
    expect(() => singleReturnCents(100n, 1.5, 10)).toThrow(/oddsMilli/);
    expect(() => singleReturnCents(100n, 2000, 0 as SettledResultCode)).toThrow(/no return/);
  });
});

describe('parlay', () => {
  const leg = (oddsMilli: number, result: ParlayLeg['result']): ParlayLeg => ({ oddsMilli, result });

  it('multiplies leg factors: win = odds, win half = (1+odds)/2, lose half = ½, push = 1', () => {
    const legs = [leg(2000, 10), leg(1900, 21), leg(3000, 11), leg(1500, 90)];
    // 1000 × 2 × 1.45 × 0.5 × 1
    expect(settleParlay(1000n, legs)).toEqual({ result: 10, returnCents: 1450n });
  });

  it('floors once at the end, not per leg', () => {
    // 1 × 1.333³ = 2.368…: per-leg flooring would give 1.
    expect(settleParlay(1n, [leg(1333, 10), leg(1333, 10), leg(1333, 10)])).toEqual({
      result: 10,
      returnCents: 2n,
    });
    // 1001 × 1.333 × (1 + 2.05)/2 = 2034.857…
    expect(settleParlay(1001n, [leg(1333, 10), leg(2050, 21)])).toEqual({ result: 10, returnCents: 2034n });
    // 777 × 2.05 × 2.05 × 1.333 = 4352.96…
    expect(settleParlay(777n, [leg(2050, 10), leg(2050, 10), leg(1333, 10)]).returnCents).toBe(4352n);
  });

  it('a lost leg loses the parlay at once, even with legs still open', () => {
    expect(settleParlay(1000n, [leg(2000, 10), leg(1800, 20), leg(1500, 0)])).toEqual({
      result: 20,
      returnCents: 0n,
    });
  });

  it('stays open while a leg is open and none lost', () => {
    expect(settleParlay(1000n, [leg(2000, 10), leg(1800, 0)])).toEqual({ result: 0, returnCents: null });
  });

  it('every leg void or pushed refunds the stake (90)', () => {
    expect(settleParlay(1234n, [leg(2000, 90), leg(1800, 90)])).toEqual({ result: 90, returnCents: 1234n });
  });

  it('lose-half legs without a full loss settle as 10 with the reduced payout', () => {
    expect(settleParlay(1000n, [leg(2000, 11), leg(1800, 90)])).toEqual({ result: 10, returnCents: 500n });
    expect(settleParlay(1001n, [leg(2000, 11), leg(2000, 11)])).toEqual({ result: 10, returnCents: 250n });
  });

  it('a one-leg parlay pays like the single bet', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.integer({ min: 1000, max: 50_000 }),
        fc.constantFrom<SettledResultCode>(10, 11, 21),
        (stake, odds, result) => {
          expect(settleParlay(stake, [leg(odds, result)]).returnCents).toBe(
            singleReturnCents(stake, odds, result),
          );
        },
      ),
    );
  });

  it('rejects empty parlays and bad odds', () => {
    expect(() => settleParlay(100n, [])).toThrow(/at least one leg/);
    expect(() => settleParlay(100n, [leg(900, 10)])).toThrow(/oddsMilli/);
  });
});

describe('re-settlement diff', () => {
  it('reverses the old payout and pays the new one', () => {
    expect(resettleSingle(1000n, 2050, 10, 20)).toEqual({
      reverseCents: 2050n,
      payCents: 0n,
      netCents: -2050n,
    });
    expect(resettleSingle(1000n, 2050, 20, 10)).toEqual({
      reverseCents: 0n,
      payCents: 2050n,
      netCents: 2050n,
    });
    expect(resettleSingle(1000n, 2050, 10, 21)).toEqual({
      reverseCents: 2050n,
      payCents: 1525n,
      netCents: -525n,
    });
    expect(resettleSingle(1000n, 2050, 90, 11)).toEqual({
      reverseCents: 1000n,
      payCents: 500n,
      netCents: -500n,
    });
  });

  it('needs no ledger entries when the payout does not change', () => {
    expect(resettleSingle(1000n, 2050, 10, 10)).toEqual({ reverseCents: 0n, payCents: 0n, netCents: 0n });
    expect(resettleSingle(1000n, 2050, 20, 0)).toEqual({ reverseCents: 0n, payCents: 0n, netCents: 0n });
  });

  it('treats an open result as nothing paid (settling and reopening)', () => {
    expect(resettleSingle(1000n, 2050, 0, 90)).toEqual({
      reverseCents: 0n,
      payCents: 1000n,
      netCents: 1000n,
    });
    expect(resettleSingle(1000n, 2050, 10, 0)).toEqual({
      reverseCents: 2050n,
      payCents: 0n,
      netCents: -2050n,
    });
  });

  it('re-settles parlays after a leg changes', () => {
    const before: ParlayLeg[] = [
      { oddsMilli: 2000, result: 10 },
      { oddsMilli: 1500, result: 20 },
    ];
    const after: ParlayLeg[] = [
      { oddsMilli: 2000, result: 10 },
      { oddsMilli: 1500, result: 90 },
    ];
    const diff = resettleParlay(1000n, before, after);
    expect(diff).toMatchObject({ reverseCents: 0n, payCents: 2000n, netCents: 2000n });
    expect(diff.previous.result).toBe(20);
    expect(diff.next.result).toBe(10);
  });

  it('net always equals new minus old', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        (old, next) => {
          const diff = diffPayout(old, next);
          expect(diff.netCents).toBe(next - old);
          expect(diff.payCents - diff.reverseCents).toBe(next - old);
        },
      ),
    );
    expect(() => diffPayout(-1n, 0n)).toThrow(/never negative/);
  });
});
