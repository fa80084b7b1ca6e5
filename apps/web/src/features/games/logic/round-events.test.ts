import { describe, expect, it } from 'vitest';
import { readDoubleRoundEvent, readLuckyRoundEvent, readRoundBetEvent } from './round-events';

describe('round game socket payloads', () => {
  it('reads double and lucky color rounds, and ignores the other game or bad fields', () => {
    expect(
      readDoubleRoundEvent({ game: 'double', roundId: 4, phase: 'rolling', endsAt: 9, roll: 7 }),
    ).toEqual({
      game: 'double',
      roundId: 4,
      phase: 'rolling',
      endsAt: 9,
      roll: 7,
    });
    expect(
      readDoubleRoundEvent({ game: 'double', roundId: 4, phase: 'betting', endsAt: 9, roll: 15 })?.roll,
    ).toBe(undefined);
    expect(
      readDoubleRoundEvent({ game: 'luckyColor', roundId: 4, phase: 'betting', endsAt: 9 }),
    ).toBeUndefined();
    expect(readDoubleRoundEvent({ game: 'double', roundId: 4, phase: 'over', endsAt: 9 })).toBeUndefined();
    expect(readDoubleRoundEvent(null)).toBeUndefined();
    expect(
      readLuckyRoundEvent({
        game: 'luckyColor',
        issue: '2025',
        period: 60,
        phase: 'complete',
        endsAt: 1,
        number: 5,
      }),
    ).toMatchObject({ period: 60, issue: '2025', number: 5 });
    expect(
      readLuckyRoundEvent({ game: 'luckyColor', issue: 2025, period: 60, phase: 'complete', endsAt: 1 }),
    ).toBe(undefined);
  });

  it('reads bets of others', () => {
    expect(
      readRoundBetEvent({ game: 'double', round: '12', player: 'jo***', amount: 5, pick: 'red' }),
    ).toEqual({
      game: 'double',
      round: '12',
      player: 'jo***',
      amount: 5,
      pick: 'red',
    });
    expect(readRoundBetEvent({ game: 'luckyColor', round: '1', amount: 2, pick: 7 })?.pick).toBe('7');
    expect(readRoundBetEvent({ game: 'dice', round: '1', amount: 2 })).toBeUndefined();
    expect(readRoundBetEvent({ game: 'double', round: '1', amount: 'x' })).toBeUndefined();
  });
});
