import { describe, expect, it } from 'vitest';
import { createActionKey, newIdempotencyKey } from './idempotency-key';

describe('one idempotency key per action', () => {
  it('reuses the key for a retry of the same action and renews it after a settle or a change', () => {
    let counter = 0;
    const keys = createActionKey<{ amount: string; target: number }>(undefined, () => `key-${++counter}`);
    const first = keys.keyFor({ amount: '1.00', target: 50 });
    // The answer was lost: the same tap again is the same action.
    expect(keys.keyFor({ amount: '1.00', target: 50 })).toBe(first);
    // A different stake is a different action.
    const second = keys.keyFor({ amount: '2.00', target: 50 });
    expect(second).not.toBe(first);
    keys.settle();
    // After a success, the same stake again is a new action.
    expect(keys.keyFor({ amount: '2.00', target: 50 })).not.toBe(second);
  });

  it('compares actions by the fingerprint it is given', () => {
    let counter = 0;
    const keys = createActionKey<{ id: number; at: number }>(
      (action) => String(action.id),
      () => `k${++counter}`,
    );
    expect(keys.keyFor({ id: 1, at: 1 })).toBe('k1');
    expect(keys.keyFor({ id: 1, at: 2 })).toBe('k1');
    expect(keys.keyFor({ id: 2, at: 2 })).toBe('k2');
  });

  it('makes random keys the server accepts', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[A-Za-z0-9_:.-]{1,100}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
