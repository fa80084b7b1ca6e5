import type { SelectType } from 'kysely';
import type { DB } from './schema.generated.ts';

/**
 * The database's types. The tables are generated from the migrated schema into schema.generated.ts
 * (`npm run db:types`, decision 0036); this file only names the value sets that code passes around.
 */
export type Database = DB;

/** The values a column holds (its CHECK's list for text columns), without null. */
export type ColumnValue<T extends keyof DB, C extends keyof DB[T]> = NonNullable<SelectType<DB[T][C]>>;

export type LedgerAccountKind = ColumnValue<'ledger_accounts', 'kind'>;
export type OrderStatus = ColumnValue<'orders', 'status'>;
export type PayoutType = ColumnValue<'payout_accounts', 'type'>;
export type KycCheck = ColumnValue<'users', 'kyc_check'>;
export type WithdrawalReviewStatus = ColumnValue<'withdrawal_reviews', 'status'>;
export type RewardKind = ColumnValue<'reward_rules', 'kind'>;
export type GameCode = ColumnValue<'game_bets', 'game'>;
export type CommissionRefusal = ColumnValue<'commissions', 'refused'>;
export type PayoutAttemptStatus = ColumnValue<'payout_attempts', 'status'>;
export type PixRefundStatus = ColumnValue<'pix_refunds', 'status'>;
export type ReconciliationDiffKind = ColumnValue<'pix_reconciliation_diffs', 'kind'>;
export type RgLimitKind = ColumnValue<'rg_limits', 'kind'>;
export type RgPeriod = ColumnValue<'rg_limits', 'period'>;
export type ExclusionPeriod = ColumnValue<'rg_exclusions', 'period'>;
export type SlotProvider = ColumnValue<'slot_sessions', 'provider'>;
export type SportCodeColumn = ColumnValue<'sports', 'code'>;
export type MarketStatus = ColumnValue<'sports_markets', 'status'>;
export type ChatTopic = ColumnValue<'chat_conversations', 'topic'>;
export type ChatSender = ColumnValue<'chat_messages', 'sender'>;
