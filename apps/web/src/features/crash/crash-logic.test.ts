import { describe, expect, it } from 'vitest';
import {
  applyBetEvent,
  applyCashoutEvent,
  applyRoundEvent,
  cashoutValue,
  displayedMultiplier,
  EXTRAPOLATE_MAX_MS,
  readAutoTarget,
  refinedOffset,
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
    // 11.553 s of running is 2.00× on the curve, but the last tick said 1.00×: held near it (600 ms of curve).
    expect(displayedMultiplier(running, 9_000 + 11_553)).toBe(1.03);
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

  it('draws the curve between pushes from startsAt on the server clock, riding over a skipped push', () => {
    // Client clock 1 s behind the server (the state answer's estimate); running since server time 10,000.
    const push = { game: 'crash', roundId: 7, phase: 'running', startsAt: 10_000 };
    const pushed = applyRoundEvent(base, { ...push, multiplier: 1.12, elapsed: 2_000 }, 11_020);
    // 20 ms in transit: the push proves the offset is at least 980 ms, less than the estimate, which stays.
    expect(pushed.clockOffsetMs).toBe(1_000);
    expect(displayedMultiplier(pushed, 11_000)).toBe(1.12);
    // Between pushes (every 200 ms) the curve moves on its own, from the published formula.
    expect(displayedMultiplier(pushed, 11_100)).toBe(1.13);
    expect(displayedMultiplier(pushed, 11_190)).toBe(1.14);
    // The push of 2.2 s was skipped (a volatile drop): the curve goes on by itself...
    expect(displayedMultiplier(pushed, 11_500)).toBe(1.16);
    // ...but never more than EXTRAPOLATE_MAX_MS of curve past the last push (a late crash overshoots little).
    expect(EXTRAPOLATE_MAX_MS).toBe(600);
    expect(displayedMultiplier(pushed, 12_000)).toBe(1.16);
    const next = applyRoundEvent(pushed, { ...push, multiplier: 1.19, elapsed: 3_000 }, 12_010);
    expect(displayedMultiplier(next, 12_010)).toBe(1.19);
    // The crash push ends the curve at the crash point, whatever the clock says.
    const crashed = applyRoundEvent(next, { ...push, phase: 'crashed', crashPoint: 1.2 }, 12_100);
    expect(displayedMultiplier(crashed, 20_000)).toBe(1.2);
  });

  it('corrects a short clock offset from the pushes, and a slow push never shortens it', () => {
    // The state answer guessed 1,000 ms; the server is in fact 1,300 ms ahead. A push of server time 12,000
    // arrives 10 ms later, at client time 10,710: the offset is at least 1,290 ms.
    const push = { game: 'crash', roundId: 7, phase: 'running', startsAt: 10_000 };
    const first = applyRoundEvent(base, { ...push, multiplier: 1.12, elapsed: 2_000 }, 10_710);
    expect(first.clockOffsetMs).toBe(1_290);
    // Client 10,800 is server 12,100: the curve drawn at 2.09 s of running (1.13×), not 1.8 s (held at 1.12×).
    expect(displayedMultiplier(first, 10_800)).toBe(1.13);
    expect(displayedMultiplier({ ...first, clockOffsetMs: 1_000 }, 10_800)).toBe(1.12);
    // A push 200 ms in transit proves less (1,100 ms): the offset stays.
    const slow = applyRoundEvent(first, { ...push, multiplier: 1.13, elapsed: 2_200 }, 11_100);
    expect(slow.clockOffsetMs).toBe(1_290);
    expect(refinedOffset(1_290, 10_000, undefined, 11_100)).toBe(1_290);
  });

  it('reads targets and values like the server', () => {
    expect(readAutoTarget('2,5')).toBe(2.5);
    expect(readAutoTarget('1.00')).toBeUndefined();
    expect(readAutoTarget('1.005')).toBeUndefined();
    expect(cashoutValue(2, 1.57)).toBe(3.14);
    expect(cashoutValue(0.1, 1.99)).toBe(0.19);
  });
});
