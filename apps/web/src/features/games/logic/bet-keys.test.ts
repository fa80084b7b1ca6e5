import { describe, expect, it } from 'vitest';
import { createBetKeys } from './bet-keys';

describe('idempotency keys per bet action', () => {
  it('repeats the key for a retry of the same bet, and renews it after a success or a change', () => {
    let counter = 0;
    const keys = createBetKeys(() => `key-${++counter}`);
    const first = keys.keyFor({ amount: '1.00', target: 50 });
    // The answer was lost (timeout): the same tap again is the same action.
    expect(keys.keyFor({ amount: '1.00', target: 50 })).toBe(first);
    // A different stake is a different action.
    const second = keys.keyFor({ amount: '2.00', target: 50 });
    expect(second).not.toBe(first);
    keys.settled();
    // After a success, the same stake again is a new bet.
    expect(keys.keyFor({ amount: '2.00', target: 50 })).not.toBe(second);
  });
});
