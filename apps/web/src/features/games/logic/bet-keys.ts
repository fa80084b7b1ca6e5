// Idempotency keys per bet action (api-contract.md section 10). A tap after a failure or a lost answer
// repeats the same action, so it reuses the key and the server answers with the first result instead of
// betting twice. A success ends the action: the next tap, even with the same stake, is a new bet.

export interface BetKeys {
  /** The key for this request body: the pending one when the body is the same, else a new one. */
  keyFor(body: unknown): string;
  /** The action succeeded; the next request is a new bet. */
  settled(): void;
}

export function createBetKeys(newKey: () => string): BetKeys {
  let pending: { key: string; body: string } | undefined;
  return {
    keyFor(body) {
      const text = JSON.stringify(body);
      if (!pending || pending.body !== text) pending = { key: newKey(), body: text };
      return pending.key;
    },
    settled() {
      pending = undefined;
    },
  };
}
