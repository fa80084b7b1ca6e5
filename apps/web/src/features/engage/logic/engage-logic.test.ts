import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SignInState, VipLevelRow, VipStatus } from '../api/types';
import { activityProgress, formatHms, parseActivityId, remainingMs } from './activity';
import { bonusKindKey } from './bonus-kinds';
import { calendarCells, claimableReward } from './signin-calendar';
import { levelArtIndex, nextThreshold, progressFraction, rewardState } from './vip-progress';

const rewards = [1, 2, 3, 4, 5, 6, 10];
function signIn(overrides: Partial<SignInState>): SignInState {
  return {
    days: rewards.map((reward, index) => ({ day: index + 1, reward, claimed: false })),
    today: 1,
    claimedToday: false,
    streak: 0,
    ...overrides,
  };
}

describe('the sign-in calendar', () => {
  it('a new player sees day 1 as today with its reward to claim, the rest upcoming', () => {
    const cells = calendarCells(signIn({}));
    expect(cells.map((cell) => cell.state)).toEqual(['today', ...Array(6).fill('upcoming')]);
    expect(claimableReward(signIn({}))).toBe(1);
  });

  it('after claiming day 3 the first three are done and nothing is claimable until tomorrow', () => {
    const state = signIn({
      days: rewards.map((reward, index) => ({ day: index + 1, reward, claimed: index < 3 })),
      today: 3,
      claimedToday: true,
      streak: 3,
    });
    expect(calendarCells(state).map((cell) => cell.state)).toEqual([
      'claimed',
      'claimed',
      'claimed',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(claimableReward(state)).toBeUndefined();
  });

  it('a missed day: the server restarts at day 1 and the calendar shows day 1 as today again', () => {
    const state = signIn({ today: 1, streak: 0 });
    expect(calendarCells(state)[0]?.state).toBe('today');
    expect(calendarCells(state).filter((cell) => cell.state === 'claimed')).toHaveLength(0);
  });

  it('always seven cells, at most one of them today, whatever the server sends', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ day: fc.integer({ min: -2, max: 10 }), reward: fc.double(), claimed: fc.boolean() }),
          {
            maxLength: 12,
          },
        ),
        fc.integer({ min: 0, max: 8 }),
        fc.boolean(),
        (days, today, claimedToday) => {
          const cells = calendarCells({ days, today, claimedToday, streak: 0 });
          expect(cells.map((cell) => cell.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
          expect(cells.filter((cell) => cell.state === 'today').length).toBeLessThanOrEqual(1);
          for (const cell of cells) expect(Number.isFinite(cell.reward)).toBe(true);
        },
      ),
    );
  });
});

const levels: VipLevelRow[] = Array.from({ length: 11 }, (_, index) => ({
  level: index + 1,
  paySumAmount: [0, 10, 50, 200, 1000, 5000, 20000, 100000, 300000, 1000000, 2000000][index] ?? 0,
  gameSumAmount: [0, 100, 500, 2000, 10000, 50000, 200000, 1000000, 3000000, 5000000, 10000000][index] ?? 0,
  withdrawDayMax: 500,
  withdrawDayCount: 99,
  reward: index === 0 ? 0 : index * 5,
}));

function status(level: number, claimedLevels: number[] = []): VipStatus {
  return {
    level,
    next:
      level < 11
        ? {
            level: level + 1,
            paySumAmount: levels[level]?.paySumAmount ?? 0,
            gameSumAmount: levels[level]?.gameSumAmount ?? 0,
          }
        : null,
    progress: { paySumAmount: 5, gameSumAmount: 50 },
    rewards: levels
      .filter((row) => row.reward > 0)
      .map((row) => ({ level: row.level, amount: row.reward, claimed: claimedLevels.includes(row.level) })),
  };
}

describe('VIP progress', () => {
  it('a level-1 player half way to level 2 sees both bars at 50 %', () => {
    const next = nextThreshold(status(1), levels);
    expect(next).toEqual({ level: 2, paySumAmount: 10, gameSumAmount: 100 });
    expect(progressFraction(5, next?.paySumAmount ?? 0)).toBe(0.5);
    expect(progressFraction(50, next?.gameSumAmount ?? 0)).toBe(0.5);
  });

  it('without thresholds in the status the table gives the next level; the top level has none', () => {
    expect(nextThreshold({ ...status(2), next: null }, levels)).toEqual({
      level: 3,
      paySumAmount: 50,
      gameSumAmount: 500,
    });
    expect(nextThreshold(status(11), levels)).toBeUndefined();
  });

  it('progress stays between 0 and 1', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (done, target) => {
        const fraction = progressFraction(done, target);
        expect(fraction).toBeGreaterThanOrEqual(0);
        expect(fraction).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('a reached level is claimable once, a higher one locked, a claimed one claimed', () => {
    const player = status(3, [2]);
    expect(rewardState(player, levels[1] as VipLevelRow)).toBe('claimed');
    expect(rewardState(player, levels[2] as VipLevelRow)).toBe('claimable');
    expect(rewardState(player, levels[3] as VipLevelRow)).toBe('locked');
    expect(rewardState(player, levels[0] as VipLevelRow)).toBe('none');
  });

  it('level art: each level has its own image up to 23, the first one above (spec.md section 9)', () => {
    expect(levelArtIndex(2)).toBe(2);
    expect(levelArtIndex(11)).toBe(11);
    expect(levelArtIndex(23)).toBe(23);
    expect(levelArtIndex(24)).toBe(1);
    expect(levelArtIndex(0)).toBe(1);
  });
});

describe('activities', () => {
  it('only a positive whole id opens an activity', () => {
    expect(parseActivityId('12')).toBe(12);
    expect(parseActivityId('0')).toBeUndefined();
    expect(parseActivityId('1e3')).toBeUndefined();
    expect(parseActivityId('../x')).toBeUndefined();
    expect(parseActivityId(undefined)).toBeUndefined();
  });

  it('the countdown runs to the end and then stops', () => {
    expect(remainingMs(10_000, 4_000)).toBe(6_000);
    expect(remainingMs(10_000, 10_000)).toBeUndefined();
    expect(formatHms(3_600_000 + 61_000)).toBe('01:01:01');
    expect(formatHms(999)).toBe('00:00:01');
    expect(formatHms(-5)).toBe('00:00:00');
  });

  it('stake progress is staked over target, full once reached, absent for activities that count nothing', () => {
    expect(activityProgress({ staked: 30, target: 120, reward: 5, reached: false })?.fraction).toBe(0.25);
    expect(activityProgress({ staked: 200, target: 120, reward: 5, reached: true })?.fraction).toBe(1);
    expect(activityProgress({ staked: 3, target: 0, reward: 5, reached: false })?.fraction).toBe(0);
    expect(activityProgress(null)).toBeUndefined();
  });
});

describe('bonus history kinds', () => {
  it('known kinds keep their name, aliases map, unknown ones are a plain bonus', () => {
    expect(bonusKindKey('signin')).toBe('signin');
    expect(bonusKindKey('vip_reward')).toBe('vip');
    expect(bonusKindKey('deposit_gift')).toBe('deposit');
    expect(bonusKindKey('adjustment')).toBe('adjust');
    expect(bonusKindKey('something_new')).toBe('other');
  });
});
