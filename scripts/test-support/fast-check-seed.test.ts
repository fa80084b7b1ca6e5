import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayCommand, seedFromEnv } from './fast-check-seed.ts';

describe('one fast-check seed per test file (the vitest setup)', () => {
  it('is installed globally, so every property of the file starts from it', () => {
    expect(fc.readConfigureGlobal().seed).toEqual(expect.any(Number));
  });

  it('replays: the same seed draws the same values', () => {
    const draw = () => fc.sample(fc.tuple(fc.integer(), fc.string()), 20);
    expect(draw()).toEqual(draw());
  });

  it('takes FC_SEED as fast-check prints it, and rejects anything else clearly', () => {
    expect(seedFromEnv(undefined)).toBeUndefined();
    expect(seedFromEnv('')).toBeUndefined();
    expect(seedFromEnv('-1852106581')).toBe(-1852106581);
    expect(seedFromEnv('3000000000')).toBe(3000000000 | 0);
    expect(() => seedFromEnv('abc')).toThrow(/FC_SEED must be an integer/);
    expect(() => seedFromEnv('1.5')).toThrow(/FC_SEED/);
  });

  it('names the replay command with the file relative to the repository', () => {
    expect(replayCommand(42, `${process.cwd()}/packages/money/src/cents.test.ts`)).toBe(
      'FC_SEED=42 npx vitest run packages/money/src/cents.test.ts',
    );
  });
});
