import { useRef } from 'react';

// One Idempotency-Key per player action (style.md: money moves never optimistically, always with a key).
// The key is made when the player starts an action and reused for every retry of it (a tap after a failure
// or a lost answer), so the server runs it at most once. A success, a refusal for good, or any change of
// what would be sent starts a new action with a new key: two identical bets in a row are two bets.

export interface ActionKey<Action> {
  /** The key for this action: the pending one when the action is the same, else a new one. */
  keyFor(action: Action): string;
  /** The action is over (done, or refused for good): the next request is a new action. */
  settle(): void;
}

/** A random key the server accepts (letters, digits and '-'). randomUUID needs a secure context. */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Keys for one kind of action. Two actions are the same when their fingerprint is (by default the JSON of
 * what is sent). Pure apart from the random source, which tests replace.
 */
export function createActionKey<Action>(
  fingerprint: (action: Action) => string = (action) => JSON.stringify(action),
  newKey: () => string = newIdempotencyKey,
): ActionKey<Action> {
  let pending: { fingerprint: string; key: string } | undefined;
  return {
    keyFor(action) {
      const print = fingerprint(action);
      if (pending?.fingerprint !== print) pending = { fingerprint: print, key: newKey() };
      return pending.key;
    },
    settle() {
      pending = undefined;
    },
  };
}

/** A component's action keys, kept for its life. */
export function useActionKey<Action>(fingerprint?: (action: Action) => string): ActionKey<Action> {
  const keys = useRef<ActionKey<Action> | undefined>(undefined);
  keys.current ??= createActionKey(fingerprint);
  return keys.current;
}
