import { Worker } from 'node:worker_threads';
import { buildChainCheckpoints, type ChainCheckpoints } from '@aposta/fair';

/** Links between checkpoints: a round's seed is at most this many hashes from one (≤ 3 ms). */
export const CHECKPOINT_INTERVAL = 1000;

/**
 * Chains up to this long are hashed in place (2,000 links take a few milliseconds, less than starting a worker);
 * longer ones (production publishes 200,000 links per table, 6–10 s of hashing on a busy two-core machine) in a
 * worker thread, so the event loop keeps answering requests and socket events while a chain is built.
 */
export const IN_PLACE_MAX_LENGTH = 5000;

/**
 * A round chain's checkpoints (and, in them, its terminating hash): the same answer as `buildChainCheckpoints`,
 * which the worker runs, but off the event loop when the chain is longer than `inPlaceMaxLength`.
 */
export function hashChainCheckpoints(
  secret: string,
  length: number,
  inPlaceMaxLength = IN_PLACE_MAX_LENGTH,
): Promise<ChainCheckpoints> {
  if (length <= inPlaceMaxLength) {
    try {
      return Promise.resolve(buildChainCheckpoints(secret, length, CHECKPOINT_INTERVAL));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./chain.worker.ts', import.meta.url), {
      workerData: { secret, length, interval: CHECKPOINT_INTERVAL },
    });
    let answered = false;
    worker.once('message', (checkpoints: ChainCheckpoints) => {
      answered = true;
      resolve(checkpoints);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`chain worker exited with ${code} before answering`));
    });
  });
}

const known = new Map<string, Promise<ChainCheckpoints>>();
const KNOWN_MAX = 32;

/**
 * `hashChainCheckpoints`, once per chain in this process: the request that publishes a chain and the round engine
 * that plays it share one hashing.
 */
export function chainCheckpoints(secret: string, length: number): Promise<ChainCheckpoints> {
  const key = `${secret}:${length}`;
  let checkpoints = known.get(key);
  if (!checkpoints) {
    checkpoints = hashChainCheckpoints(secret, length);
    known.set(key, checkpoints);
    checkpoints.catch(() => known.delete(key));
    if (known.size > KNOWN_MAX) known.delete(known.keys().next().value!);
  }
  return checkpoints;
}
