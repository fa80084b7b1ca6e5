import { describe, expect, it } from 'vitest';
import { daysBefore, saoPauloToday } from './days.ts';

describe('dashboard window', () => {
  it("takes today's date in São Paulo, not in UTC", () => {
    // 01:30 UTC on 1 March is still 28 February in São Paulo (UTC-3).
    expect(saoPauloToday(new Date('2026-03-01T01:30:00Z'))).toBe('2026-02-28');
    expect(saoPauloToday(new Date('2026-03-01T03:30:00Z'))).toBe('2026-03-01');
  });

  it('counts back whole days across month and year ends', () => {
    expect(daysBefore('2026-03-01', 29)).toBe('2026-01-31');
    expect(daysBefore('2026-01-10', 29)).toBe('2025-12-12');
    expect(daysBefore('2024-03-01', 1)).toBe('2024-02-29');
  });
});
