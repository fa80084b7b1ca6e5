import type { LedgerAccountKind } from '../../db/schema.ts';

export type PlayerAccountKind = Extract<LedgerAccountKind, `player_${string}`>;
export type HouseAccountKind = Extract<LedgerAccountKind, `house_${string}`>;

export type AccountRef =
  | { kind: PlayerAccountKind; userId: bigint }
  | { kind: HouseAccountKind; name?: string };

export interface Posting {
  account: AccountRef;
  amountCents: bigint;
}

export interface TransactionInput {
  /** Why money moves: one of the codes of docs/ledger.md. */
  code: string;
  idempotencyKey: string;
  referenceType: string;
  referenceId: string;
  postings: Posting[];
  currency?: string;
}

export interface PostedTransaction {
  transactionId: bigint;
  /** True when the idempotency key had been used: nothing moved this time. */
  replayed: boolean;
}
