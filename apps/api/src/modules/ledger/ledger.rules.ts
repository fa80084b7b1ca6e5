import type { AccountRef, Posting, TransactionInput } from './ledger.types.ts';

/** Pure checks of a transaction before any write; the database checks the same things again. */
export function assertBalanced(input: TransactionInput): void {
  if (input.postings.length < 2) throw new Error(`ledger: ${input.code} needs at least two postings`);
  if (!/^[a-z_]+$/.test(input.code)) throw new Error(`ledger: bad transaction code "${input.code}"`);
  if (input.idempotencyKey.length === 0 || input.idempotencyKey.length > 200) {
    throw new Error('ledger: idempotency key must have 1..200 characters');
  }
  let total = 0n;
  for (const posting of input.postings) {
    if (posting.amountCents === 0n) throw new Error(`ledger: ${input.code} has a zero posting`);
    total += posting.amountCents;
  }
  if (total !== 0n) throw new Error(`ledger: ${input.code} does not balance (sum ${total})`);
}

export function accountKey(account: AccountRef): string {
  return 'userId' in account ? `${account.kind}:${account.userId}` : `${account.kind}:${account.name ?? ''}`;
}

/** Postings to the same account are merged, and zero results dropped, so each account is updated once. */
export function mergePostings(postings: Posting[]): Posting[] {
  const merged = new Map<string, Posting>();
  for (const posting of postings) {
    const key = accountKey(posting.account);
    const previous = merged.get(key);
    merged.set(key, {
      account: posting.account,
      amountCents: (previous?.amountCents ?? 0n) + posting.amountCents,
    });
  }
  return [...merged.values()].filter((posting) => posting.amountCents !== 0n);
}
