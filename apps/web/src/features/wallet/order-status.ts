// Order codes of spec.md section 3 and what the screens do with them. Pure, unit tested.

/** What a status check of a deposit order leads to (spec.md section 4). */
export type PaymentOutcome = 'paid' | 'reset' | 'pending';

export function paymentOutcome(status: unknown): PaymentOutcome {
  if (status === '10') return 'paid';
  if (status === '01' || status === '-01') return 'reset';
  // '00' and anything unknown: not paid yet, so the player is told it is still pending.
  return 'pending';
}

export type RecordKind = 'deposit' | 'withdraw' | 'other';

export function recordKind(type: unknown): RecordKind {
  if (type === '10') return 'deposit';
  if (type === '11') return 'withdraw';
  return 'other';
}

/**
 * The key under `records.status` for a record: 00 pending, 01 cancelled (an expired deposit too),
 * 10 credited for a deposit and paid for a withdrawal.
 */
export function recordStatusKey(type: unknown, status: unknown): string {
  if (status === '00') return 'pending';
  if (status === '01' || status === '-01') return 'cancelled';
  if (status === '10') return recordKind(type) === 'withdraw' ? 'paid' : 'credited';
  return 'unknown';
}

/** The filter tabs of the records page and the `type` query each sends. */
export const recordTabs = [
  { key: 'all', type: undefined },
  { key: 'deposit', type: '10' },
  { key: 'withdraw', type: '11' },
] as const;

export type RecordTab = (typeof recordTabs)[number]['key'];
