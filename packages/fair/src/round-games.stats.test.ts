// Statistics of the round games over 10^6 rounds of one 1,000,001-link chain built by buildChain,
// through the real derivation: chain link → H = HMAC(link text, salt) → formula. To stay inside the
// time budget, each round's H feeds both games (double: floor(H · 15 / 2^256), lucky color:
// floor(H · 10 / 2^256), which is exactly what doubleRoundRoll and luckyColorRoundNumber compute);
// each game is tested on its own, so sharing H between them changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LuckyColorPick } from './index.ts';
import {
  buildChain,
  chainRoundCount,
  DOUBLE_ROLL_COUNT,
  doubleRoundRoll,
  LUCKY_COLOR_NUMBER_COUNT,
  luckyColorPayoutHundredths,
  luckyColorRoundNumber,
  previousRoundSeeds,
  roundHmacInteger,
  roundOutcomeFromInteger,
  roundSeedFromChain,
  verifyChainLink,
} from './index.ts';
import { itChecksDoubleRolls } from './test-support/double-statistics.ts';
import {
  CHI_SQUARE_CRITICAL_0_001,
  chiSquareUniform,
  PayoutTally,
  payoutMoments,
  rtpTolerance,
} from './test-support/statistics.ts';

const ROUND_COUNT = 1_000_000;
const SIMULATION_TIMEOUT_MS = 120_000;
const chainSeedHex = '9ac10e1145c4ca032eb000c6a9a09f7f84c9dc6d4f46f9b702d8e7e211e1fc21';
const salt = '00000000000000000001a8f4d5c1e2b3a4f5e6d7c8b9a0f1e2d3c4b5a6978899';
const numbers = [...Array(LUCKY_COLOR_NUMBER_COUNT).keys()];

const doubleRolls = new Uint8Array(ROUND_COUNT);
const luckyNumbers = new Uint8Array(ROUND_COUNT);
let chain: string[];

beforeAll(() => {
  chain = buildChain(chainSeedHex, ROUND_COUNT + 1);
  for (let round = 0; round < ROUND_COUNT; round++) {
    const roundInteger = roundHmacInteger(roundSeedFromChain(chain, round), salt);
    doubleRolls[round] = roundOutcomeFromInteger(roundInteger, DOUBLE_ROLL_COUNT);
    luckyNumbers[round] = roundOutcomeFromInteger(roundInteger, LUCKY_COLOR_NUMBER_COUNT);
  }
}, SIMULATION_TIMEOUT_MS);

describe(`a chain of ${ROUND_COUNT + 1} links`, { timeout: SIMULATION_TIMEOUT_MS }, () => {
  it('has a round per link but the last, and round 0 hashes to the terminating hash', () => {
    expect(chainRoundCount(chain.length)).toBe(ROUND_COUNT);
    expect(chain[0]).toBe(chainSeedHex);
    expect(verifyChainLink(roundSeedFromChain(chain, 0), chain.at(-1)!)).toBe(true);
  });

  it('lets a revealed round seed reproduce the earlier rounds', () => {
    const revealedRound = 5000;
    const earlierSeeds = previousRoundSeeds(roundSeedFromChain(chain, revealedRound), revealedRound);
    expect(earlierSeeds).toEqual(
      Array.from({ length: revealedRound }, (_, back) => chain[ROUND_COUNT - revealedRound + back]),
    );
    expect(doubleRoundRoll(earlierSeeds.at(-1)!, salt)).toBe(doubleRolls[0]);
    expect(luckyColorRoundNumber(earlierSeeds.at(-1)!, salt)).toBe(luckyNumbers[0]);
  });
});

describe(`round double over ${ROUND_COUNT} rounds`, { timeout: SIMULATION_TIMEOUT_MS }, () => {
  itChecksDoubleRolls(() => doubleRolls);
});

describe(`lucky color over ${ROUND_COUNT} rounds`, { timeout: SIMULATION_TIMEOUT_MS }, () => {
  it(`numbers are uniform on 0..9: chi-square < ${CHI_SQUARE_CRITICAL_0_001[9]} (df 9, α 0.001)`, () => {
    const counts = new Array<number>(LUCKY_COLOR_NUMBER_COUNT).fill(0);
    for (const number of luckyNumbers) counts[number]!++;
    expect(chiSquareUniform(counts)).toBeLessThan(CHI_SQUARE_CRITICAL_0_001[9]!);
  });

  // Variance from the exact payout distribution over the 10 numbers, e.g. green:
  // E[X²] − E[X]² = (4 · 1.96² + 1.47²) / 10 − 0.931² ≈ 0.886.
  it.each([
    { pick: 'green', rtp: 0.931 },
    { pick: 'red', rtp: 0.931 },
    { pick: 'violet', rtp: 0.882 },
    { pick: 'big', rtp: 0.98 },
    { pick: 'small', rtp: 0.98 },
    { pick: 0, rtp: 0.882 },
    { pick: 7, rtp: 0.882 },
  ] satisfies { pick: LuckyColorPick; rtp: number }[])(
    '$pick returns $rtp within 5 standard errors',
    ({ pick, rtp }) => {
      const payouts = numbers.map((number) => luckyColorPayoutHundredths(pick, number) / 100);
      const moments = payoutMoments(payouts.map((payout) => ({ probability: 0.1, payout })));
      expect(moments.mean).toBeCloseTo(rtp, 12);
      const tally = new PayoutTally();
      for (const number of luckyNumbers) tally.add(payouts[number]!);
      expect(Math.abs(tally.rtp - moments.mean)).toBeLessThanOrEqual(rtpTolerance(moments, ROUND_COUNT));
    },
  );
});
