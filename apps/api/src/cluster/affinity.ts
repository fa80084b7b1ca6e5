/**
 * Which worker process serves a client, pure. A client (its address) keeps its worker while it comes back within
 * `ttlMs`, so Socket.IO's long-polling requests, which carry a session only one process knows, always reach that
 * process; a new client goes to the worker serving the fewest. Nothing is read from the connection to decide, so
 * the primary hands the socket over untouched and never sits in the data path.
 */
export class ClientAffinity {
  readonly #ttlMs: number;
  readonly #byClient = new Map<string, { worker: number; seenAt: number }>();
  readonly #load = new Map<number, number>();

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  /** The worker for `client` among `ready` (undefined when none is). */
  pick(client: string, ready: readonly number[], now: number): number | undefined {
    const known = this.#byClient.get(client);
    if (known && ready.includes(known.worker)) {
      known.seenAt = now;
      return known.worker;
    }
    let chosen: number | undefined;
    for (const worker of ready)
      if (chosen === undefined || this.loadOf(worker) < this.loadOf(chosen)) chosen = worker;
    if (chosen === undefined) return undefined;
    if (known) this.#release(known.worker);
    this.#byClient.set(client, { worker: chosen, seenAt: now });
    this.#load.set(chosen, this.loadOf(chosen) + 1);
    return chosen;
  }

  /** How many clients a worker serves. */
  loadOf(worker: number): number {
    return this.#load.get(worker) ?? 0;
  }

  /** A worker is gone: its clients go to the others from their next connection. */
  forget(worker: number): void {
    for (const [client, entry] of this.#byClient) if (entry.worker === worker) this.#byClient.delete(client);
    this.#load.delete(worker);
  }

  /** Drops the clients not seen for `ttlMs`; the primary calls it now and then. */
  sweep(now: number): void {
    for (const [client, entry] of this.#byClient)
      if (now - entry.seenAt > this.#ttlMs) {
        this.#byClient.delete(client);
        this.#release(entry.worker);
      }
  }

  #release(worker: number): void {
    const load = this.loadOf(worker);
    if (load > 1) this.#load.set(worker, load - 1);
    else this.#load.delete(worker);
  }
}
