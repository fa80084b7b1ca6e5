/** Value sets of these tables, named where code passes them around: see schema.ts (generated types). */
export type { PayoutAttemptStatus, PixRefundStatus, ReconciliationDiffKind } from './schema.ts';
