import { describe, expect, it } from 'vitest';
import { dayBefore, dayToSettle, maskUsername, saoPauloDay } from './invite.rules.ts';

describe('the commission day (America/Sao_Paulo, UTC-3)', () => {
  it('a stake at 23:30 in Sao Paulo counts for that day though UTC is already the next one', () => {
    expect(saoPauloDay(new Date('2026-03-02T02:30:00Z'))).toBe('2026-03-01');
    expect(saoPauloDay(new Date('2026-03-02T03:00:00Z'))).toBe('2026-03-02');
  });

  it('the job settles the previous Sao Paulo day, across a month and a year boundary', () => {
    expect(dayToSettle(new Date('2026-03-01T02:59:59Z'))).toBe('2026-02-27');
    expect(dayToSettle(new Date('2026-03-01T03:00:00Z'))).toBe('2026-02-28');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
  });
});

describe('maskUsername', () => {
  it('keeps two characters of each part and the top-level domain', () => {
    expect(maskUsername('joana.silva@gmail.com')).toBe('jo***@gm***.com');
    expect(maskUsername('ab@x.io')).toBe('a***@x***.io');
    expect(maskUsername('plain')).toBe('pl***');
    expect(maskUsername('joana.silva@gmail.com')).not.toContain('silva');
  });
});
