// Vitest setup file (vitest.config.ts, every project): one fast-check seed per test file, so a failing property
// can be replayed exactly. The seed comes from FC_SEED, or is drawn at random; every fc.assert / fc.sample of the
// file starts from it (a property's own `seed` parameter, if any, still wins). When a property fails, fast-check's
// message already names the seed and shrink path; this adds, once per file, the command that replays the file:
//
//   FC_SEED=<seed> npx vitest run <file>
//
// Tests import nothing for it: every fc.assert reads the global configuration.
import fc from 'fast-check';
import { beforeEach, onTestFailed } from 'vitest';
import { replayCommand, seedFromEnv } from './fast-check-seed.ts';

/** fast-check's failure message starts so (sync and async properties alike). */
const isPropertyFailure = (message: string | undefined) =>
  message?.includes('Property failed after') ?? false;

const seed = seedFromEnv(process.env.FC_SEED) ?? (Math.random() * 2 ** 32) | 0;
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });

let told = false;
beforeEach(() => {
  onTestFailed(({ task }) => {
    if (told || !task.result?.errors?.some((error) => isPropertyFailure(error.message))) return;
    told = true;
    console.error(
      `fast-check seed of this file: ${seed}; replay: ${replayCommand(seed, task.file.filepath)}`,
    );
  });
});
