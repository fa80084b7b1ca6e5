import { conflict } from './domain-error.ts';

/**
 * An Idempotency-Key as the services see it: values read from the request by the transport (http/idempotency.ts),
 * so a service that records keys itself (the bet engine's batches, decision 0058) applies the same rules.
 */
export interface IdempotencyKey {
  userId: bigint;
  key: string;
  /** The route's pattern: the same key on another route is a conflict. */
  route: string;
  /** The request's method, path with query and canonical body, hashed: the same key on another body is a conflict. */
  requestHash: Buffer;
}

/** The advisory lock space of idempotency keys (the reset-code lock uses 727_002); the lock is on hashtext(user:key). */
export const IDEMPOTENCY_LOCK_SPACE = 727_003;

/** The text whose hashtext() is a key's advisory lock. */
export const keyLockText = (key: IdempotencyKey) => `${key.userId}:${key.key}`;

export interface StoredKey {
  route: string;
  request_hash: Buffer | Uint8Array | null;
  response_body: string | null;
}

/** A repeat of a stored key: the first answer, or the conflict that says why it cannot be replayed. */
export function replayStored<T>(stored: StoredKey, key: Pick<IdempotencyKey, 'route' | 'requestHash'>): T {
  if (stored.route !== key.route) throw conflict('idempotency.key_reused');
  if (stored.request_hash && !Buffer.from(stored.request_hash).equals(key.requestHash)) {
    throw conflict('idempotency.key_mismatch');
  }
  // Only rows of the former two-step design can lack an answer (a claim whose process died): whether its
  // action moved money is unknown, so it is never run again.
  if (stored.response_body === null) throw conflict('idempotency.in_progress');
  return JSON.parse(stored.response_body) as T;
}
