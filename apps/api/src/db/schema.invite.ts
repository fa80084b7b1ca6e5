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
  /** The rates the day was settled at (0031), from which the per-friend figures are derived. */
  rate1: string;
  rate2: string;
  rate3: string;
}

/** What an earner was paid for a day, per depth (0031_commission_earnings.sql). */
export interface CommissionEarningsTable {
  earner_id: bigint;
  day: ColumnType<string, string, string>;
  depth1_cents: Cents;
  depth2_cents: Cents;
  depth3_cents: Cents;
  amount_cents: Cents;
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
  /** Only refused pairs are kept (0031). */
  refused: CommissionRefusal;
}

export interface InviteTables {
  stake_daily: StakeDailyTable;
  commission_rates: CommissionRatesTable;
  commission_days: CommissionDaysTable;
  commissions: CommissionsTable;
  commission_earnings: CommissionEarningsTable;
}
