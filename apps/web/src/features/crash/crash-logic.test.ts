import { describe, expect, it } from 'vitest';
import {
  applyBetEvent,
  applyCashoutEvent,
  applyRoundEvent,
  cashoutValue,
  displayedMultiplier,
  readAutoTarget,
  viewOfState,
} from './crash-logic';

const base = viewOfState(
  {
    roundId: 7,
    phase: 'betting',
    startsAt: 10_000,
    serverTime: 5_000,
    bets: [],
    history: [],
    chain: { terminatingHash: 'a', salt: 'b' },
  },
  4_000,
);

describe('crash view', () => {
  it('follows the pushed phases: bets of a new round start empty, a crash joins the history once', () => {
    const withBet = applyBetEvent(base, { game: 'crash', roundId: 7, betId: 1, player: 'ab***', amount: 2 });
    expect(withBet.bets).toHaveLength(1);
    expect(
      applyBetEvent(withBet, { game: 'crash', roundId: 7, betId: 1, player: 'ab***', amount: 2 }).bets,
    ).toHaveLength(1);
    const running = applyRoundEvent(
      withBet,
      { game: 'crash', roundId: 7, phase: 'running', startsAt: 10_000, multiplier: 1.5 },
      50,
    );
    expect(running.tick).toEqual({ multiplier: 1.5, at: 50 });
    const cashed = applyCashoutEvent(running, { roundId: 7, betId: 1, multiplier: 1.42, payout: 2.84 });
    expect(cashed.bets[0]).toMatchObject({ cashedOutAt: 1.42, payout: 2.84 });
    const crashed = applyRoundEvent(
      cashed,
      { game: 'crash', roundId: 7, phase: 'crashed', crashPoint: 2.03 },
      60,
    );
    const again = applyRoundEvent(
      crashed,
      { game: 'crash', roundId: 7, phase: 'crashed', crashPoint: 2.03 },
      61,
    );
    expect(again.history).toEqual([{ roundId: 7, crashPoint: 2.03 }]);
    const next = applyRoundEvent(
      again,
      { game: 'crash', roundId: 8, phase: 'betting', startsAt: 20_000 },
      70,
    );
    expect(next).toMatchObject({ roundId: 8, phase: 'betting', bets: [] });
    expect(applyRoundEvent(next, { game: 'double', roundId: 9, phase: 'rolling' }, 80)).toBe(next);
  });

  it('draws the curve from the server clock but never far past the last tick', () => {
    // Client clock 1 s behind the server; running since server time 10,000.
    const running = applyRoundEvent(
      base,
      { game: 'crash', roundId: 7, phase: 'running', multiplier: 1 },
      9_000,
    );
    expect(displayedMultiplier(running, 9_000)).toBe(1);
    // 11.553 s of running is 2.00× on the curve, but the last tick said 1.00×: held near it.
    expect(displayedMultiplier(running, 9_000 + 11_553)).toBeLessThan(1.03);
    const ticked = applyRoundEvent(
      running,
      { game: 'crash', roundId: 7, phase: 'running', multiplier: 1.99 },
      20_400,
    );
    expect(displayedMultiplier(ticked, 9_000 + 11_553)).toBe(2);
    const crashed = applyRoundEvent(
      ticked,
      { game: 'crash', roundId: 7, phase: 'crashed', crashPoint: 2.01 },
      20_600,
    );
    expect(displayedMultiplier(crashed, 99_999)).toBe(2.01);
  });

  it('reads targets and values like the server', () => {
    expect(readAutoTarget('2,5')).toBe(2.5);
    expect(readAutoTarget('1.00')).toBeUndefined();
    expect(readAutoTarget('1.005')).toBeUndefined();
    expect(cashoutValue(2, 1.57)).toBe(3.14);
    expect(cashoutValue(0.1, 1.99)).toBe(0.19);
  });
});
