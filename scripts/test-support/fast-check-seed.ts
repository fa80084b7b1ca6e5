// The seed of property tests: how FC_SEED is read and how a failing file is replayed (fast-check-setup.ts).

/** FC_SEED as fast-check takes it (a 32-bit integer), or undefined when unset; anything else is a clear error. */
export function seedFromEnv(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const seed = Number(value);
  if (!Number.isSafeInteger(seed) || seed < -(2 ** 31) || seed >= 2 ** 32) {
    throw new Error(`FC_SEED must be an integer seed as fast-check prints it (got "${value}")`);
  }
  return seed | 0;
}

export function replayCommand(seed: number, file: string): string {
  const relative = file.startsWith(`${process.cwd()}/`) ? file.slice(process.cwd().length + 1) : file;
  return `FC_SEED=${seed} npx vitest run ${relative}`;
}
