import { describe, expect, it } from 'vitest';
import { groupRows } from './group-rows';

describe('groupRows', () => {
  it('three per row by default, the last row holding what is left', () => {
    expect(groupRows([1, 2, 3, 4, 5, 6, 7])).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(groupRows([])).toEqual([]);
    expect(groupRows([1, 2], 1)).toEqual([[1], [2]]);
    expect(() => groupRows([1], 0)).toThrow();
  });
});
