import { parentPort, workerData } from 'node:worker_threads';
import { buildChainCheckpoints } from '@aposta/fair';

/** Runs in a worker thread (chain.hashing.ts): hashes a whole round chain into its checkpoints, off the event loop. */
const { secret, length, interval } = workerData as { secret: string; length: number; interval: number };
parentPort!.postMessage(buildChainCheckpoints(secret, length, interval));
