import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AutoBetSettings,
  type AutoBetState,
  nextStake,
  recordBet,
  settingsProblem,
  startSeries,
} from './autobet';
import { runAutoBet } from './autobet-runner';

const base: AutoBetSettings = {
  bets: 10,
  baseCents: 100,
  onWin: { mode: 'reset' },
  onLoss: { mode: 'reset' },
  minCents: 100,
  maxCents: 1_000_000,
};
const lose = (stakeCents: number) => ({ stakeCents, payoutCents: 0 });
const win = (stakeCents: number, times = 2) => ({ stakeCents, payoutCents: stakeCents * times });

function play(settings: AutoBetSettings, outcomes: readonly boolean[]): AutoBetState {
  let state = startSeries(settings);
  for (const won of outcomes) {
    if (state.stop) break;
    state = recordBet(settings, state, won ? win(state.stakeCents) : lose(state.stakeCents));
  }
  return state;
}

describe('auto-bet series', () => {
  it('stops after the number of bets set', () => {
    const state = play(base, Array(20).fill(true));
    expect(state).toMatchObject({ placed: 10, wins: 10, profitCents: 1000, stop: 'done' });
  });

  it('stops on the loss limit before a bet that could pass it', () => {
    const state = play({ ...base, stopLossCents: 300 }, Array(10).fill(false));
    expect(state).toMatchObject({ placed: 3, losses: 3, profitCents: -300, stop: 'loss' });
    // Doubling on loss: 1 + 2 = 3 lost, the next 4 would pass 5, so it stops at 3.
    const martingale = play(
      { ...base, onLoss: { mode: 'increase', percent: 100 }, stopLossCents: 500 },
      Array(10).fill(false),
    );
    expect(martingale).toMatchObject({ placed: 2, profitCents: -300, stakeCents: 400, stop: 'loss' });
  });

  it('stops on the profit target', () => {
    const state = play({ ...base, stopProfitCents: 250 }, Array(10).fill(true));
    expect(state).toMatchObject({ placed: 3, profitCents: 300, stop: 'profit' });
  });

  it('raises the stake by the percentage on a loss and goes back to the base on a win', () => {
    const settings: AutoBetSettings = { ...base, onLoss: { mode: 'increase', percent: 50 } };
    let state = startSeries(settings);
    state = recordBet(settings, state, lose(100));
    expect(state.stakeCents).toBe(150);
    state = recordBet(settings, state, lose(150));
    expect(state.stakeCents).toBe(225);
    state = recordBet(settings, state, win(225));
    expect(state.stakeCents).toBe(100);
    expect(nextStake({ mode: 'increase', percent: 33 }, 101, 100)).toBe(135);
  });

  it('stops when the next stake would pass the game maximum', () => {
    const settings: AutoBetSettings = { ...base, maxCents: 500, onLoss: { mode: 'increase', percent: 100 } };
    expect(play(settings, Array(10).fill(false))).toMatchObject({ placed: 3, stop: 'stakeMax' });
  });

  it('names a bad setting', () => {
    expect(settingsProblem(base)).toBeUndefined();
    expect(settingsProblem({ ...base, bets: 0 })).toBe('bets');
    expect(settingsProblem({ ...base, baseCents: 50 })).toBe('stake');
    expect(settingsProblem({ ...base, onWin: { mode: 'increase', percent: -5 } })).toBe('percent');
    expect(settingsProblem({ ...base, stopLossCents: 0 })).toBe('stopLoss');
  });

  it('never loses more than the loss limit, never places more bets than set, and counts right (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 100, max: 5_000 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 100, max: 50_000 }),
        fc.array(fc.boolean(), { maxLength: 80 }),
        (bets, baseCents, percent, stopLossCents, outcomes) => {
          const settings: AutoBetSettings = {
            ...base,
            bets,
            baseCents,
            onLoss: { mode: 'increase', percent },
            stopLossCents,
          };
          const state = play(settings, outcomes);
          expect(-state.profitCents).toBeLessThanOrEqual(stopLossCents);
          expect(state.placed).toBeLessThanOrEqual(bets);
          expect(state.wins + state.losses).toBe(state.placed);
          if (state.placed < Math.min(bets, outcomes.length)) expect(state.stop).toBeDefined();
        },
      ),
    );
  });
});

describe('auto-bet runner', () => {
  const never = new AbortController().signal;
  const instant = async () => {};
  const transient = (error: unknown) => error === 'lost';

  it('resends a bet whose answer was lost with the same key, so it is placed once', async () => {
    const placedKeys = new Set<string>();
    const sent: string[] = [];
    let key = 0;
    let drop = true;
    const state = await runAutoBet({
      settings: { ...base, bets: 3 },
      newKey: () => `k${++key}`,
      isTransient: transient,
      wait: instant,
      signal: never,
      onState: () => {},
      async place(stakeCents, idempotencyKey) {
        sent.push(idempotencyKey);
        placedKeys.add(idempotencyKey); // the server places it (or answers the first result again)
        if (drop) {
          drop = false;
          throw 'lost'; // the answer never arrives
        }
        return lose(stakeCents);
      },
    });
    expect(sent).toEqual(['k1', 'k1', 'k2', 'k3']);
    expect(placedKeys.size).toBe(3);
    expect(state).toMatchObject({ placed: 3, stop: 'done' });
  });

  it('stops at once on a refusal and when the player leaves', async () => {
    const refused = await runAutoBet({
      settings: base,
      newKey: () => 'k',
      isTransient: transient,
      wait: instant,
      signal: never,
      onState: () => {},
      place: async (stakeCents) => {
        throw stakeCents === 100 ? 'limit reached' : 'other';
      },
    });
    expect(refused).toMatchObject({ placed: 0, stop: 'refused' });

    const page = new AbortController();
    let calls = 0;
    const left = await runAutoBet({
      settings: base,
      newKey: () => `k${calls}`,
      isTransient: transient,
      wait: instant,
      signal: page.signal,
      onState: () => {},
      async place(stakeCents) {
        calls++;
        if (calls === 2) page.abort('left');
        return lose(stakeCents);
      },
    });
    expect(left).toMatchObject({ placed: 2, stop: 'left' });
    expect(calls).toBe(2);
  });

  it('gives up after the resends and says the connection failed', async () => {
    let calls = 0;
    const state = await runAutoBet({
      settings: base,
      newKey: () => 'same',
      isTransient: transient,
      wait: instant,
      signal: never,
      onState: () => {},
      place: async () => {
        calls++;
        throw 'lost';
      },
    });
    expect(calls).toBe(4);
    expect(state).toMatchObject({ placed: 0, stop: 'network' });
  });
});
