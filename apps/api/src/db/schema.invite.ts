import type { ColumnType, Generated } from 'kysely';

/** Table types of invitations and agents (migration 0030_invitations.sql). */

type Cents = ColumnType<bigint, bigint | undefined, bigint>;

export interface StakeDailyTable {
  day: ColumnType<string, string, string>;
  user_id: bigint;
  stake_cents: Cents;
}

export interface CommissionRatesTable {
  depth: number;
  rate: string;
  updated_at: Generated<Date>;
}

export interface CommissionDaysTable {
  day: ColumnType<string, string, string>;
  settled_at: Generated<Date>;
  paid_cents: Cents;
  refused_count: number;
}

export type CommissionRefusal = 'self' | 'shared_device' | 'shared_cpf';

export interface CommissionsTable {
  day: ColumnType<string, string, string>;
  earner_id: bigint;
  invitee_id: bigint;
  depth: number;
  stake_cents: Cents;
  rate: string;
  amount_cents: Cents;
  refused: CommissionRefusal | null;
}

export interface InviteTables {
  stake_daily: StakeDailyTable;
  commission_rates: CommissionRatesTable;
  commission_days: CommissionDaysTable;
  commissions: CommissionsTable;
}
