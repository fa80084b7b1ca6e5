// Shapes shared by the games' answers (api-contract.md section 10).
export type GameCode = 'dice' | 'limbo' | 'mines' | 'rowDouble' | 'double' | 'luckyColor';
export type SingleGameCode = 'dice' | 'limbo' | 'mines' | 'rowDouble';

export interface Balances {
  balance: number;
  freeBalance: number;
}

/** The seed pair a single-player bet used. */
export interface FairInfo {
  nonce: number;
  serverSeedHash: string;
  clientSeed: string;
}

export interface InstantBetAnswer extends Balances, FairInfo {
  betId: number;
  win: boolean;
  multiplier: number;
  payout: number;
}
