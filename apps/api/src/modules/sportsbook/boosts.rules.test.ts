import { describe, expect, it } from 'vitest';
import { boostCostCents, boostExtraCents, checkBoostStake } from './boosts.rules.ts';

// Odds boosts (decision 0063): home 2.10 boosted to 2.50, at most R$ 50.00 per player, R$ 30.00 of extra liability.
const boost = {
  boostedOddsMilli: 2500,
  normalOddsMilli: 2100,
  stakeCapCents: 5000n,
  liabilityCapCents: 3000n,
  liabilityUsedCents: 0n,
};

describe('boost rules', () => {
  it('a stake within the cap adds stake × (boosted − normal) to the liability, rounded up', () => {
    expect(checkBoostStake(boost, { stakeCents: 2000n, potentialCents: 5000n }, 0n)).toEqual({
      ok: true,
      extraCents: 800n,
    });
    // A parlay: R$ 10.00 at 2.50 × 2.00 = 50.00, at the normal 2.10 it pays 42.00.
    expect(boostExtraCents(5000n, 2500, 2100)).toBe(800n);
    expect(boostExtraCents(2502n, 2500, 2100)).toBe(401n);
  });

  it('a stake over the player cap is refused with what is left; a full boost refuses any stake', () => {
    const bet = (stakeCents: bigint) => ({ stakeCents, potentialCents: (stakeCents * 5n) / 2n });
    expect(checkBoostStake(boost, bet(3001n), 2000n)).toEqual({
      ok: false,
      reason: 'stakeCap',
      maxStakeCents: 3000n,
    });
    expect(checkBoostStake(boost, bet(100n), 5000n)).toEqual({
      ok: false,
      reason: 'stakeCap',
      maxStakeCents: 0n,
    });
    expect(checkBoostStake({ ...boost, liabilityUsedCents: 2900n }, bet(5000n), 0n)).toEqual({
      ok: false,
      reason: 'liabilityCap',
    });
  });

  it('costs the payout over the normal odds on a win, half of it on a half win, nothing otherwise', () => {
    const leg = (result: number) => ({ result, boostedOddsMilli: 2500, normalOddsMilli: 2100 });
    expect(boostCostCents({ result: 10, payoutCents: 2500n }, leg(10))).toBe(400n);
    // Half win: (1 + 2.50) / 2 against (1 + 2.10) / 2 on R$ 10.00 → 17.50 − 15.50.
    expect(boostCostCents({ result: 21, payoutCents: 1750n }, leg(21))).toBe(200n);
    // A won parlay, the boosted leg at 2.50 beside 2.00: 50.00 against 42.00.
    expect(boostCostCents({ result: 10, payoutCents: 5000n }, leg(10))).toBe(800n);
    // A parlay whose boosted leg was void: nothing extra.
    expect(boostCostCents({ result: 10, payoutCents: 2000n }, leg(90))).toBe(0n);
    expect(boostCostCents({ result: 20, payoutCents: 0n }, leg(20))).toBe(0n);
    expect(boostCostCents({ result: 90, payoutCents: 1000n }, leg(90))).toBe(0n);
  });
});
