import {
  diceMultiplier,
  formatMultiplier,
  limboMultiplier,
  luckyColorPayoutHundredths,
  minesMultiplier,
} from '@aposta/fair';
import { describe, expect, it } from 'vitest';
import {
  clampDiceTarget,
  diceQuote,
  diceTargetRange,
  doubleQuote,
  exceedsPayoutMax,
  flipDiceTarget,
  limboQuote,
  luckyPaytable,
  luckyPickQuote,
  minesCurrentQuote,
  minesLadder,
  minesNextQuote,
  minesNextSafePercent,
  parseLimboTarget,
  payoutCents,
} from './paytables';

describe('paytables shown before a bet are what @aposta/fair pays', () => {
  it('dice: under 50 shows 1.98× (1.980198… rounded down) and 50.00 %', () => {
    const shown = diceQuote(5000, 'under');
    expect(shown?.multiplierText).toBe('1.98');
    expect(shown?.chanceText).toBe('50.00');
    expect(shown?.multiplier).toEqual(diceMultiplier({ direction: 'under', targetHundredths: 5000 }));
    expect(diceQuote(9800, 'under')?.chanceText).toBe('98.00');
    expect(diceQuote(1, 'under')?.multiplierText).toBe(
      formatMultiplier(diceMultiplier({ direction: 'under', targetHundredths: 1 })),
    );
    expect(diceQuote(9801, 'under')).toBeUndefined();
    expect(diceQuote(199, 'over')).toBeUndefined();
    expect(diceQuote(9999, 'over')?.chanceText).toBe('0.01');
  });

  it('dice: the target stays in 0.01 %..98 % and flipping keeps the chance', () => {
    expect(diceTargetRange('under')).toEqual({ min: 1, max: 9800 });
    expect(diceTargetRange('over')).toEqual({ min: 200, max: 9999 });
    expect(clampDiceTarget(9900, 'under')).toBe(9800);
    expect(clampDiceTarget(0, 'over')).toBe(200);
    expect(diceQuote(flipDiceTarget(4950), 'over')?.chanceText).toBe(diceQuote(4950, 'under')?.chanceText);
  });

  it('limbo: the target is the multiplier; the chance is 99 / target %', () => {
    expect(parseLimboTarget('2')).toBe(200);
    expect(parseLimboTarget('1,01')).toBe(101);
    expect(parseLimboTarget('1')).toBeUndefined();
    expect(parseLimboTarget('1000000')).toBe(100_000_000);
    expect(parseLimboTarget('1000000.01')).toBeUndefined();
    const two = limboQuote(200);
    expect(two?.multiplierText).toBe('2.00');
    expect(two?.multiplier).toEqual(limboMultiplier(200));
    expect(two?.chancePercent).toBe(49.5);
    expect(limboQuote(100_000_000)?.chancePercent).toBeCloseTo(0.000099, 9);
    expect(limboQuote(100)).toBeUndefined();
  });

  it('mines: the ladder, the next and the current multiplier', () => {
    const ladder = minesLadder(3);
    expect(ladder).toHaveLength(22);
    expect(ladder[0]?.multiplierText).toBe(formatMultiplier(minesMultiplier(3, 1)));
    expect(minesLadder(24)).toHaveLength(1);
    expect(minesLadder(24)[0]?.multiplierText).toBe('24.75');
    expect(minesNextQuote(1, 0)?.multiplierText).toBe('1.03');
    expect(minesNextQuote(24, 1)).toBeUndefined();
    expect(minesCurrentQuote(3, 0)).toBeUndefined();
    expect(minesCurrentQuote(3, 2)?.multiplier).toEqual(minesMultiplier(3, 2));
    expect(minesNextSafePercent(1, 0)).toBe(96);
  });

  it('double: red and black 2×, white 14×', () => {
    expect(doubleQuote('red').multiplierText).toBe('2.00');
    expect(doubleQuote('black').multiplierText).toBe('2.00');
    expect(doubleQuote('white').multiplierText).toBe('14.00');
  });

  it('lucky color: green 1.96 (1.47 on 5), red 1.96 (1.47 on 0), violet 4.41, number 8.82, big/small 1.96', () => {
    const table = luckyPaytable();
    expect(table.green.multiplierText).toBe('1.96');
    expect(table.greenOnFive.multiplierText).toBe('1.47');
    expect(table.red.multiplierText).toBe('1.96');
    expect(table.redOnZero.multiplierText).toBe('1.47');
    expect(table.violet.multiplierText).toBe('4.41');
    expect(table.number.multiplierText).toBe('8.82');
    expect(table.big.multiplierText).toBe('1.96');
    expect(table.small.multiplierText).toBe('1.96');
    expect(luckyPickQuote(3).multiplierText).toBe('8.82');
    // Each shown value is one the server pays.
    expect(luckyColorPayoutHundredths('violet', 5)).toBe(441);
  });

  it('payouts are floored to the centavo and capped like the server', () => {
    expect(payoutCents(100, diceMultiplier({ direction: 'under', targetHundredths: 5000 }))).toBe(198);
    expect(exceedsPayoutMax(100_000, limboMultiplier(10_001))).toBe(true);
    expect(exceedsPayoutMax(100_000, limboMultiplier(10_000))).toBe(false);
  });
});
