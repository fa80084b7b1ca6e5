import { DOUBLE_WHEEL_ORDER } from '@aposta/fair';
import { describe, expect, it } from 'vitest';
import { restingPosition, spinStart, spinTarget, stripTileCount, stripTiles, wheelSlotOf } from './wheel';

describe('double strip', () => {
  it('follows the wheel order with its colours', () => {
    expect(stripTiles.slice(0, 15).map((tile) => tile.roll)).toEqual([...DOUBLE_WHEEL_ORDER]);
    expect(stripTiles[0]?.color).toBe('white');
    expect(stripTiles[1]?.color).toBe('black');
    expect(stripTiles[2]?.color).toBe('red');
  });

  it('lands every roll under the marker after at least three turns, inside the strip', () => {
    for (let roll = 0; roll <= 14; roll++) {
      for (const from of [0, 15, 22, 29, 100]) {
        const start = spinStart(from);
        const target = spinTarget(from, roll);
        expect(stripTiles[target]?.roll).toBe(roll);
        expect(target - start).toBeGreaterThanOrEqual(45);
        expect(target).toBeLessThan(stripTileCount - 15);
        expect(stripTiles[start]?.roll).toBe(stripTiles[from % stripTileCount]?.roll);
      }
      expect(stripTiles[restingPosition(roll)]?.roll).toBe(roll);
    }
    expect(wheelSlotOf(0)).toBe(0);
    expect(() => wheelSlotOf(15)).toThrow(RangeError);
  });
});
