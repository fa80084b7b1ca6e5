import type { GameCode } from '@aposta/contract';
import type { GameBet } from '../api/bets';

/**
 * One seed pair serves every single-player game, so "the last bet" after a rotation is the newest settled bet of
 * *this* game made with the revealed pair (its hash names it), never simply the pair's last nonce, which may
 * belong to another game. `bets` is newest first, as the history lists them.
 */
export function lastBetWithPair(
  bets: readonly GameBet[],
  game: GameCode,
  serverSeedHash: string,
): GameBet | undefined {
  return bets.find(
    (bet) => bet.game === game && bet.status !== 'open' && bet.fair?.serverSeedHash === serverSeedHash,
  );
}
