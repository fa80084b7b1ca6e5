import { describe, expect, it } from 'vitest';
import { lineClass, splitLine, toQuarters } from './lines.ts';

describe('lines', () => {
  it.each([
    [-0.75, -3, 'quarter', [-1, -0.5]],
    [-1, -4, 'whole', [-1]],
    [-0.5, -2, 'half', [-0.5]],
    [0, 0, 'whole', [0]],
    [0.25, 1, 'quarter', [0, 0.5]],
    [2.75, 11, 'quarter', [2.5, 3]],
    [3.5, 14, 'half', [3.5]],
    [-1.25, -5, 'quarter', [-1.5, -1]],
  ] as const)('%d is %d quarters, a %s line riding on %j', (line, quarters, kind, parts) => {
    expect(toQuarters(line)).toBe(quarters);
    expect(lineClass(line)).toBe(kind);
    expect(splitLine(line)).toEqual(parts);
  });

  it('rejects lines that are not multiples of 0.25', () => {
    for (const line of [0.1, 2.3, -0.6, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => toQuarters(line)).toThrow(RangeError);
    }
  });
});
