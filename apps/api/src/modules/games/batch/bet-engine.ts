/**
 * The bet engine (decision 0058): gathers bets arriving within a short window into batches that are each written
 * in ONE database transaction, and gives every bet its own verdict.
 *
 * - At most one bet per player is in flight: a player's later bets wait in the player's queue (fairness, and the
 *   nonce order of the provably fair games).
 * - A batch leaves at once when `maxBatch` bets wait; otherwise, when no batch is in flight, once every player
 *   answered in the last `expectMs` has come back with its next bet (at the end of the event loop's turn), or
 *   `windowMs` after the gathering began, whichever comes first; while a batch is in flight, ready bets wait for
 *   it to answer (then join its players' next bets), or `holdMs` at most. At most `maxInFlight` batches are in
 *   flight. Waiting for the players just answered keeps a busy table's bets in one batch per wave
 *   (a batch costs about as much as its bets: decision 0058, addendum 3) instead of splitting into phase-shifted
 *   groups that never merge again.
 * - The batch's runner answers each bet: a result, a refusal (an error for that bet alone), or "busy" (its player
 *   was locked by another transaction: the bet goes back to the head of its player's queue and is tried in a
 *   later batch; after `busyTries` it is placed on its own, which waits for the lock as any single bet does).
 * - A batch whose transaction fails (a statement error) is split in halves that are run again, down to one bet,
 *   which is placed on its own (`runOne`, the path of one bet per transaction): a bad row never refuses the others.
 */
export type Verdict<Result> =
  | { kind: 'done'; result: Result }
  | { kind: 'refused'; error: unknown }
  | { kind: 'busy' }
  /** The bet needs the path of one bet (its player has no seed pair yet: that path opens one). */
  | { kind: 'alone' };

export interface EngineLimits {
  maxBatch: number;
  windowMs: number;
  /** How long after its answer a player's next bet is waited for (0: never). */
  expectMs: number;
  /** How long ready bets wait for a batch in flight before they leave in a batch of their own. */
  holdMs: number;
  maxInFlight: number;
  busyTries: number;
}

const positive = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/**
 * The limits of the server's engines (decision 0058): at most 32 bets a batch (under PostgreSQL's 64 cached
 * subtransactions, and a short transaction keeps the p99), 8 ms of gathering at most, players answered in the last
 * 20 ms waited for, 2 ms of holding behind a batch in flight, 3 batches in flight (measured over HTTP: decision
 * 0058, addendum 3). BET_BATCH_MAX, BET_BATCH_WINDOW_MS, BET_BATCH_EXPECT_MS, BET_BATCH_HOLD_MS and
 * BET_BATCHES_IN_FLIGHT change them (BET_BATCH_MAX=1 places every bet on its own).
 */
export function betEngineLimits(): EngineLimits {
  return {
    maxBatch: positive('BET_BATCH_MAX', 32),
    windowMs: positive('BET_BATCH_WINDOW_MS', 8),
    expectMs: process.env.BET_BATCH_EXPECT_MS === '0' ? 0 : positive('BET_BATCH_EXPECT_MS', 20),
    holdMs: positive('BET_BATCH_HOLD_MS', 2),
    maxInFlight: positive('BET_BATCHES_IN_FLIGHT', 3),
    busyTries: 20,
  };
}

export interface EngineOptions<Request, Result> extends EngineLimits {
  /** One transaction for many bets of distinct players: a verdict per bet, in order; throws if it failed whole. */
  runBatch: (requests: readonly Request[]) => Promise<Verdict<Result>[]>;
  /** One bet in a transaction of its own: its result, or its refusal thrown. */
  runOne: (request: Request) => Promise<Result>;
}

interface Job<Request, Result> {
  player: bigint;
  request: Request;
  busy: number;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

export class BetEngine<Request, Result> {
  /** Each player's bets in arrival order; the head is the one ready or in flight. */
  private readonly queues = new Map<bigint, Job<Request, Result>[]>();
  /** Players whose head bet waits for a batch, in arrival order. */
  private readonly ready: bigint[] = [];
  /** Players answered with nothing more queued, and when (performance.now()): their next bet may be coming. */
  private readonly answered = new Map<bigint, number>();
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private timerKind: 'hold' | 'gather' = 'gather';
  private immediate: NodeJS.Immediate | undefined;
  /** What the engine did: batches written, the bets they answered, batches split after a failure, bets placed alone. */
  readonly stats = {
    batches: 0,
    batchedBets: 0,
    splits: 0,
    alone: 0,
    busy: 0,
    lastError: undefined as unknown,
  };

  private readonly options: EngineOptions<Request, Result>;

  constructor(options: EngineOptions<Request, Result>) {
    this.options = options;
  }

  /** Places a bet of `player`; answers its result or throws its refusal, once its batch has committed. */
  submit(player: bigint, request: Request): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      const job: Job<Request, Result> = { player, request, busy: 0, resolve, reject };
      const queue = this.queues.get(player);
      if (queue) {
        queue.push(job);
        return;
      }
      this.queues.set(player, [job]);
      this.answered.delete(player);
      this.ready.push(player);
      this.dispatch();
    });
  }

  /** Bets waiting for a batch (not in flight). */
  get waiting(): number {
    return this.ready.length;
  }

  private dispatch(): void {
    const { maxBatch, maxInFlight, windowMs } = this.options;
    while (this.ready.length > 0 && this.inFlight < maxInFlight) {
      if (this.ready.length >= maxBatch) {
        this.flush();
        continue;
      }
      if (this.inFlight > 0) {
        // A batch is being written: the bets ready now wait `holdMs` for more (a group commit's short delay), or
        // for it to answer and join its players in the next batch.
        this.wait('hold', this.options.holdMs);
        return;
      }
      if (this.expected() > 0) {
        // Players just answered are still to come back: gather for a while, unless the window has passed.
        this.wait('gather', windowMs);
        return;
      }
      // Nothing in flight and nobody else expected: the batch leaves at the end of this turn of the event loop,
      // with every bet that arrived in it (the requests read from the same wake-up).
      this.clearTimer();
      this.immediate ??= setImmediate(() => {
        this.immediate = undefined;
        this.flush();
        this.dispatch();
      });
      return;
    }
  }

  /** Sends the ready bets after `ms`, unless a timer of the same kind already runs (a hold gives way to a gather). */
  private wait(kind: 'hold' | 'gather', ms: number): void {
    if (this.timer && this.timerKind === kind) return;
    this.clearTimer();
    this.timerKind = kind;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
      this.dispatch();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Players answered within `expectMs` who have not come back yet (the others are forgotten). */
  private expected(): number {
    if (this.answered.size === 0) return 0;
    const since = performance.now() - this.options.expectMs;
    let count = 0;
    for (const [player, at] of this.answered) {
      if (at >= since) count++;
      else this.answered.delete(player);
    }
    return count;
  }

  /** Sends the waiting bets (up to `maxBatch`) as one batch. */
  private flush(): void {
    if (this.ready.length === 0 || this.inFlight >= this.options.maxInFlight) return;
    this.clearTimer();
    if (this.immediate) {
      clearImmediate(this.immediate);
      this.immediate = undefined;
    }
    const players = this.ready.splice(0, this.options.maxBatch);
    const jobs = players.map((player) => this.queues.get(player)![0]!);
    this.inFlight++;
    void this.run(jobs).finally(() => {
      this.inFlight--;
      this.dispatch();
    });
  }

  /** Runs a batch; on a failure of the whole batch, its halves, down to single bets placed on their own. */
  private async run(jobs: Job<Request, Result>[]): Promise<void> {
    if (jobs.length === 1) {
      await this.runAlone(jobs[0]!);
      return;
    }
    let verdicts: Verdict<Result>[];
    try {
      verdicts = await this.options.runBatch(jobs.map((job) => job.request));
    } catch (error) {
      this.stats.splits++;
      this.stats.lastError = error;
      const middle = Math.ceil(jobs.length / 2);
      await this.run(jobs.slice(0, middle));
      await this.run(jobs.slice(middle));
      return;
    }
    this.stats.batches++;
    this.stats.batchedBets += verdicts.filter(
      (verdict) => verdict.kind === 'done' || verdict.kind === 'refused',
    ).length;
    jobs.forEach((job, index) => {
      const verdict = verdicts[index]!;
      if (verdict.kind === 'done') this.finish(job, () => job.resolve(verdict.result));
      else if (verdict.kind === 'refused') this.finish(job, () => job.reject(verdict.error));
      else if (verdict.kind === 'alone') this.sendAlone(job);
      else this.retryBusy(job);
    });
  }

  private async runAlone(job: Job<Request, Result>): Promise<void> {
    this.stats.alone++;
    try {
      const result = await this.options.runOne(job.request);
      this.finish(job, () => job.resolve(result));
    } catch (error) {
      this.finish(job, () => job.reject(error));
    }
  }

  /** A bet whose player was locked elsewhere: tried again later, alone after `busyTries`. */
  private retryBusy(job: Job<Request, Result>): void {
    job.busy++;
    this.stats.busy++;
    if (job.busy >= this.options.busyTries) {
      this.sendAlone(job);
      return;
    }
    setTimeout(() => {
      this.ready.push(job.player);
      this.dispatch();
    }, this.options.windowMs);
  }

  /** A bet placed on its own, counted among the transactions in flight. */
  private sendAlone(job: Job<Request, Result>): void {
    this.inFlight++;
    void this.runAlone(job).finally(() => {
      this.inFlight--;
      this.dispatch();
    });
  }

  /** Answers the player's head bet and makes the player's next bet ready. */
  private finish(job: Job<Request, Result>, answer: () => void): void {
    const queue = this.queues.get(job.player)!;
    queue.shift();
    if (queue.length > 0) this.ready.push(job.player);
    else {
      this.queues.delete(job.player);
      if (this.options.expectMs > 0) this.answered.set(job.player, performance.now());
    }
    answer();
  }
}
