// Idempotency keys for money actions (style.md: never optimistic, always a key). One key per action:
// pressing the button again for the SAME action (same package, same form) after a failure or a lost
// answer reuses the key, so the server runs it at most once; a different action, or the same one after
// it succeeded, gets a new key. Pure apart from the random source, which tests replace.

export interface ActionKey {
  /** The key to send for this action, described by its fingerprint (what would be sent). */
  keyFor(fingerprint: string): string;
  /** The action went through: the next press is a new action. */
  settle(): void;
}

function randomKey(prefix: string): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `${prefix}-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export function createActionKey(prefix: string, newKey: () => string = () => randomKey(prefix)): ActionKey {
  let current: { fingerprint: string; key: string } | undefined;
  return {
    keyFor(fingerprint) {
      if (current?.fingerprint !== fingerprint) current = { fingerprint, key: newKey() };
      return current.key;
    },
    settle() {
      current = undefined;
    },
  };
}
