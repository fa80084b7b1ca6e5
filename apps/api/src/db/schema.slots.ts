import type { Generated } from 'kysely';

/** Table types of the provider slots (migration 0060_slots.sql). */

export type SlotProvider = 'PG' | 'EVO' | 'BG';

export interface SlotSessionsTable {
  id: Generated<bigint>;
  token: string;
  user_id: bigint;
  provider: SlotProvider;
  game_code: string;
  opened_at: Generated<Date>;
  expires_at: Date;
  closed_at: Date | null;
}

export interface SlotRoundsTable {
  id: Generated<bigint>;
  provider: SlotProvider;
  round_ref: string;
  user_id: bigint;
  session_id: bigint;
  game_code: string;
  stake_cents: Generated<bigint>;
  win_cents: Generated<bigint>;
  status: Generated<'open' | 'closed' | 'rolled_back'>;
  created_at: Generated<Date>;
  closed_at: Date | null;
}

export interface SlotTransactionsTable {
  id: Generated<bigint>;
  provider: SlotProvider;
  provider_tx_id: string;
  kind: 'debit' | 'credit' | 'rollback';
  user_id: bigint;
  round_id: bigint | null;
  amount_cents: bigint;
  from_cash_cents: Generated<bigint>;
  from_bonus_cents: Generated<bigint>;
  target_tx_id: string | null;
  rolled_back: Generated<boolean>;
  balance_cents: bigint;
  created_at: Generated<Date>;
}

export interface SlotsTables {
  slot_sessions: SlotSessionsTable;
  slot_rounds: SlotRoundsTable;
  slot_transactions: SlotTransactionsTable;
}
