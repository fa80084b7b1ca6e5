import type { PlaceBetBody as PlaceBetInput } from '@aposta/contract';

// One Idempotency-Key per bet the player means to place: pressing "place" again for the SAME bet (after a
// lost answer) reuses the key, so the server takes the stake at most once; a different bet (stake, picks,
// odds or odds choice changed) or the next bet after a success gets a new key.

export interface BetKey {
  keyFor(input: PlaceBetInput): string;
  /** The bet went through, or was refused for good: the next press is a new bet. */
  reset(): void;
}

export function fingerprint(input: PlaceBetInput): string {
  const picks = input.selections.map((pick) => `${pick.selectionId}@${pick.odds}`).join(',');
  return `${input.amount}|${input.acceptOdds}|${picks}`;
}

function randomKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `sports-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export function createBetKey(newKey: () => string = randomKey): BetKey {
  let current: { fingerprint: string; key: string } | undefined;
  return {
    keyFor(input) {
      const print = fingerprint(input);
      if (current?.fingerprint !== print) current = { fingerprint: print, key: newKey() };
      return current.key;
    },
    reset() {
      current = undefined;
    },
  };
}
