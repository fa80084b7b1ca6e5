// One Idempotency-Key per bet action (api-contract.md section 10): a repeated request returns the
// first result instead of betting twice. randomUUID needs a secure context; getRandomValues does not.
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
