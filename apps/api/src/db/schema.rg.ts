import type { ColumnType, Generated } from 'kysely';

/** Table types of responsible gambling (migration 0070_responsible_gambling.sql). */

export type RgLimitKind = 'deposit' | 'loss' | 'stake' | 'session' | 'reality';
export type RgPeriod = 'day' | 'week' | 'month' | '';
export type ExclusionPeriod = '1d' | '7d' | '30d' | '180d' | 'permanent';

export interface RgLimitsTable {
  user_id: bigint;
  kind: RgLimitKind;
  period: RgPeriod;
  value: bigint;
  updated_at: Generated<Date>;
}

export interface RgLimitChangesTable {
  user_id: bigint;
  kind: RgLimitKind;
  period: RgPeriod;
  value: bigint | null;
  requested_at: Date;
  effective_at: Date;
}

export interface RgExclusionsTable {
  id: Generated<bigint>;
  user_id: bigint;
  period: ExclusionPeriod;
  starts_at: Date;
  ends_at: Date | null;
}

export interface RgPlaySessionsTable {
  user_id: bigint;
  started_at: Date;
  last_play_at: Date;
  /** The last reality check (or the session's start); null once the session has ended (migration 0097). */
  last_reality_at: Date | null;
}

export interface RgTables {
  rg_limits: RgLimitsTable;
  rg_limit_changes: RgLimitChangesTable;
  rg_exclusions: RgExclusionsTable;
  rg_play_sessions: RgPlaySessionsTable;
}

/** The identity provider's answer kept on the player (users.kyc_check). */
export type KycCheckColumn = ColumnType<
  Record<string, unknown> | null,
  string | null | undefined,
  string | null
>;
