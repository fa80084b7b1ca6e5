import type { ColumnType, Generated } from 'kysely';
import type { Cents, Timestamp } from './schema.ts';

/** Table types of the in-house games (migration 0005_games.sql). */
export type GameCode = 'dice' | 'limbo' | 'mines' | 'rowDouble' | 'double' | 'luckyColor';

export interface FairSeedPairsTable {
  id: Generated<bigint>;
  user_id: bigint;
  server_seed: string;
  server_seed_hash: string;
  next_server_seed: string;
  client_seed: string;
  nonce: Generated<number>;
  active: Generated<boolean>;
  created_at: Generated<Date>;
  revealed_at: Date | null;
}

export interface GameBetsTable {
  id: Generated<bigint>;
  user_id: bigint;
  game: GameCode;
  amount_cents: bigint;
  payout_cents: Cents;
  multiplier_hundredths: Generated<number>;
  detail: ColumnType<Record<string, unknown>, string, string>;
  status: Generated<'open' | 'settled'>;
  seed_pair_id: bigint | null;
  nonce: number | null;
  round_key: string | null;
  created_at: Generated<Date>;
  settled_at: Date | null;
}

export interface MinesGamesTable {
  bet_id: bigint;
  user_id: bigint;
  mine_count: number;
  mine_tiles: number[];
  revealed: ColumnType<number[], number[] | undefined, number[]>;
  state: Generated<'open' | 'busted' | 'cashed'>;
}

export interface RoundChainsTable {
  game: string;
  period_seconds: Generated<number>;
  chain_secret: string;
  chain_length: number;
  terminating_hash: string;
  salt: string;
  rounds_played: Generated<number>;
  created_at: Generated<Date>;
}

export interface GameRoundsTable {
  game: string;
  period_seconds: Generated<number>;
  round_key: string;
  chain_index: number;
  phase: 'betting' | 'rolling' | 'complete';
  betting_ends_at: Timestamp;
  ends_at: Timestamp;
  outcome: number | null;
  seed: string | null;
  settled_at: Date | null;
  created_at: Generated<Date>;
}

export interface GameDriversTable {
  game: string;
  owner: string;
  lease_until: Timestamp;
}

export interface GamesTables {
  fair_seed_pairs: FairSeedPairsTable;
  game_bets: GameBetsTable;
  mines_games: MinesGamesTable;
  round_chains: RoundChainsTable;
  game_rounds: GameRoundsTable;
  game_drivers: GameDriversTable;
}
