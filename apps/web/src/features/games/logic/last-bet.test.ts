import { describe, expect, it } from 'vitest';
import type { GameBet } from '../api/bets';
import { lastBetWithPair } from './last-bet';

const pairA = 'a'.repeat(64);
const pairB = 'b'.repeat(64);
const bet = (
  betId: number,
  game: GameBet['game'],
  nonce: number,
  hash: string,
  status = 'settled',
): GameBet => ({
  betId,
  game,
  amount: 1,
  payout: 0,
  multiplier: 2,
  result: {},
  status,
  resultCode: status === 'open' ? -10 : -11,
  orderStatus: status === 'open' ? 0 : 4,
  nonce,
  time: betId,
  fair: { serverSeedHash: hash, clientSeed: 'seed', serverSeed: null },
});

describe('lastBetWithPair', () => {
  // Newest first: a dice bet (nonce 2) came after this game's last bet (nonce 1) on the same pair.
  const history = [
    bet(5, 'rowDouble', 0, pairB),
    bet(4, 'dice', 2, pairA),
    bet(3, 'rowDouble', 1, pairA),
    bet(2, 'rowDouble', 0, pairA),
  ];

  it("finds this game's newest bet made with the revealed pair, not the pair's last nonce", () => {
    expect(lastBetWithPair(history, 'rowDouble', pairA)?.nonce).toBe(1);
    expect(lastBetWithPair(history, 'dice', pairA)?.nonce).toBe(2);
  });

  it('finds nothing when no bet of this game used the pair', () => {
    expect(lastBetWithPair(history, 'limbo', pairA)).toBeUndefined();
    expect(lastBetWithPair(history, 'dice', pairB)).toBeUndefined();
  });

  it('skips an open mines game', () => {
    expect(
      lastBetWithPair([bet(9, 'mines', 3, pairA, 'open'), bet(8, 'mines', 1, pairA)], 'mines', pairA)?.nonce,
    ).toBe(1);
  });
});
