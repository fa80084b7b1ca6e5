import type { ColumnType, Generated } from 'kysely';

/** Table types of the back office (migration 0010_back_office.sql). */

export interface AuditLogTable {
  id: Generated<bigint>;
  operator_id: bigint;
  operator_username: string;
  action: string;
  target: string;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  ip: string;
  created_at: Generated<Date>;
}

export type WithdrawalReviewStatus = 'auto' | 'review' | 'approved' | 'rejected';

export interface WithdrawalReviewsTable {
  order_id: bigint;
  user_id: bigint;
  status: WithdrawalReviewStatus;
  risk: string[];
  reviewed_by: bigint | null;
  reason: string | null;
  created_at: Generated<Date>;
  decided_at: Date | null;
}

export interface ReportLedgerDailyTable {
  day: string;
  code: string;
  kind: string;
  amount_cents: bigint;
}

export interface ReportActivePlayersTable {
  day: string;
  user_id: bigint;
}

export interface ReportWatermarkTable {
  id: Generated<boolean>;
  last_tx_id: bigint;
  updated_at: Generated<Date>;
}

export interface AdminTables {
  audit_log: AuditLogTable;
  withdrawal_reviews: WithdrawalReviewsTable;
  report_ledger_daily: ReportLedgerDailyTable;
  report_active_players: ReportActivePlayersTable;
  report_watermark: ReportWatermarkTable;
}
