import type { Generated } from 'kysely';

/** Tables of migration 0080 (issue 16): payouts' intents, refunds and the daily reconciliation. */

export type PayoutAttemptStatus = 'sending' | 'pending' | 'paid' | 'failed';

export interface PayoutAttemptsTable {
  order_id: bigint;
  provider: string;
  id_envio: string;
  status: Generated<PayoutAttemptStatus>;
  end_to_end_id: string | null;
  detail: string | null;
  checks: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type PixRefundStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';

export interface PixRefundsTable {
  id: string;
  webhook_event_id: bigint;
  provider: string;
  end_to_end_id: string;
  amount_cents: bigint;
  status: Generated<PixRefundStatus>;
  operator_id: bigint;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PixReconciliationsTable {
  day: string;
  provider: string;
  ran_at: Generated<Date>;
  psp_count: number;
  psp_cents: bigint;
  credited_count: number;
  credited_cents: bigint;
}

export type ReconciliationDiffKind = 'received_not_credited' | 'credited_not_received' | 'amount_differs';

export interface PixReconciliationDiffsTable {
  id: Generated<bigint>;
  day: string;
  provider: string;
  kind: ReconciliationDiffKind;
  end_to_end_id: string;
  txid: string | null;
  psp_cents: bigint | null;
  credited_cents: bigint | null;
  found_at: Generated<Date>;
}

export interface PixTables {
  payout_attempts: PayoutAttemptsTable;
  pix_refunds: PixRefundsTable;
  pix_reconciliations: PixReconciliationsTable;
  pix_reconciliation_diffs: PixReconciliationDiffsTable;
}
