import { randomUUID } from 'node:crypto';
import { crashElapsedMsFor, crashMultiplierAt } from '@aposta/fair';
import { sql } from 'kysely';
import type { AppContext } from '../../../app-context.ts';
import { holdLease } from '../../../db/lease.ts';
import { type Loop, stoppableLoop } from '../../../lib/loop.ts';
import { payoutCapCents } from '../game-money.ts';
import { announceCashout, crashPayoutCents, settleAndPay } from './crash.money.ts';
import {
  crashRoundSecret,
  insertCrashRound,
  latestCrashRound,
  openAutoCashouts,
  openCrashBetsForUpdate,
} from './crash.repository.ts';

export interface CrashClock {
  now(): number;
}

export interface CrashTimes {
  bettingMs: number;
  pauseMs: number;
}

/** A cash-out by hand received before the crash may still be locking its bet: the losers are settled this late. */
export const CRASH_SETTLE_GRACE_MS = 250;
const LEASE_KEY = 'crash:0';
const LEASE_SECONDS = 5;
const LEASE_RENEW_MS = 1000;
/**
 * The multiplier goes out once per slot of this many ms of running (5 a second; api-contract section 20 asks for
 * at least 4): clients draw the curve between pushes from `startsAt` and the published formula, so the push only
 * keeps them in step. The loop ticks more often (CRASH_TICK_MS) so each push leaves within ~50 ms of its slot.
 */
export const CRASH_PUSH_MS = 200;
/** The driver's tick: auto cash-outs, the crash instant and the pushes are found this often. */
export const CRASH_TICK_MS = 50;

type AutoBet = Awaited<ReturnType<typeof openAutoCashouts>>[number];

interface LiveRound {
  roundId: number;
  phase: 'betting' | 'running' | 'crashed';
  startsAt: number;
  crashHundredths: number;
  crashMs: number;
  crashedAt: number;
  seed: string;
  autos: AutoBet[];
  capCents: bigint;
  /** The crash was pushed to clients (at its instant; the settlement follows after the grace). */
  announced: boolean;
  /** The push slot (elapsed ÷ CRASH_PUSH_MS) of the last multiplier pushed; −1 before any. */
  pushedSlot: number;
}

/**
 * Drives Crash: one process at a time (a lease, like the other round games), phases betting → running → crashed.
 * The database holds every fact (the round, its start, its bets and cash-outs); memory only caches the round in
 * play, so a restarted or new driver resumes it from the database and the chain: a round whose crash instant has
 * passed is settled at once, auto cash-outs at their targets, nothing paid twice (bets settle once, `status`).
 */
export class CrashEngine {
  readonly owner = randomUUID();
  readonly #ctx: AppContext;
  readonly #chainLength: number;
  readonly #times: CrashTimes;
  readonly clock: CrashClock;
  #live: LiveRound | undefined;
  #leaseCheckedAt = Number.NEGATIVE_INFINITY;
  #holds = false;

  constructor(ctx: AppContext, chainLength: number, times: CrashTimes, clock: CrashClock) {
    this.#ctx = ctx;
    this.#chainLength = chainLength;
    this.#times = times;
    this.clock = clock;
  }

  async tick(now = this.clock.now()): Promise<void> {
    if (!(await this.#lease())) {
      this.#live = undefined;
      return;
    }
    const live = this.#live ?? (await this.#load(now));
    if (!live) return;
    if (live.phase === 'betting' && now >= live.startsAt) return this.#start(live);
    if (live.phase === 'running') return this.#run(live, now);
    if (live.phase === 'crashed' && now >= live.crashedAt + this.#times.pauseMs)
      return this.#open(live.roundId + 1, now);
  }

  async #lease(): Promise<boolean> {
    const wall = performance.now();
    // Asked at most once a second, driving or not (the loop ticks every 50 ms; a standby takes over within 1 s).
    if (wall - this.#leaseCheckedAt < LEASE_RENEW_MS) return this.#holds;
    const holds = await holdLease(this.#ctx.db, LEASE_KEY, this.owner, LEASE_SECONDS);
    if (holds !== this.#holds)
      this.#ctx.log.info({ pid: process.pid }, holds ? 'driving crash' : 'no longer driving crash');
    this.#holds = holds;
    this.#leaseCheckedAt = wall;
    return holds;
  }

  /** The round in play as the database has it (after a start, a restart or a take-over). */
  async #load(now: number): Promise<LiveRound | undefined> {
    const row = await latestCrashRound(this.#ctx.db);
    if (!row) {
      await this.#open(1, now);
      return this.#live;
    }
    this.#live = await this.#liveRound(row.round_id, row.phase, row.starts_at.getTime());
    if (row.phase === 'crashed') this.#live.crashedAt = row.crashed_at!.getTime();
    if (row.phase === 'running') await this.#loadRunning(this.#live);
    return this.#live;
  }

  async #liveRound(roundId: number, phase: LiveRound['phase'], startsAt: number): Promise<LiveRound> {
    const secret = await crashRoundSecret(this.#ctx.db, this.#chainLength, roundId);
    const crashHundredths = secret.crashHundredths;
    const crashMs = crashElapsedMsFor(crashHundredths);
    return {
      roundId,
      phase,
      startsAt,
      crashHundredths,
      crashMs,
      crashedAt: 0,
      seed: secret.seed,
      autos: [],
      capCents: 0n,
      announced: phase === 'crashed',
      pushedSlot: -1,
    };
  }

  async #loadRunning(live: LiveRound): Promise<void> {
    live.autos = await openAutoCashouts(this.#ctx.db, live.roundId);
    live.capCents = await payoutCapCents(this.#ctx, 'crash');
  }

  async #open(roundId: number, now: number): Promise<void> {
    const { chainLength: length } = await crashRoundSecret(this.#ctx.db, this.#chainLength, 1);
    if (roundId > length - 1) {
      this.#ctx.log.error({ game: 'crash' }, 'hash chain exhausted: publish a new chain');
      return;
    }
    const startsAt = now + this.#times.bettingMs;
    await insertCrashRound(this.#ctx.db, roundId, new Date(startsAt));
    const row = await latestCrashRound(this.#ctx.db);
    this.#live = await this.#liveRound(row!.round_id, row!.phase, row!.starts_at.getTime());
    this.#broadcast(this.#live, { phase: this.#live.phase });
  }

  /** Betting closes: the curve starts from 1.00×; the auto cash-outs are known from here on (no bet comes later). */
  async #start(live: LiveRound): Promise<void> {
    await this.#ctx.db
      .updateTable('crash_rounds')
      .set({ phase: 'running' })
      .where('round_id', '=', live.roundId)
      .where('phase', '=', 'betting')
      .execute();
    live.phase = 'running';
    await this.#loadRunning(live);
    live.pushedSlot = 0;
    this.#broadcast(live, { phase: 'running', multiplier: 1, elapsed: 0 });
  }

  async #run(live: LiveRound, now: number): Promise<void> {
    const elapsed = now - live.startsAt;
    if (elapsed >= live.crashMs) {
      if (!live.announced)
        this.#broadcast(live, { phase: 'crashed', crashPoint: live.crashHundredths / 100 });
      live.announced = true;
      if (elapsed >= live.crashMs + CRASH_SETTLE_GRACE_MS) return this.#crash(live, now);
      return;
    }
    const hundredths = crashMultiplierAt(elapsed);
    this.#pushMultiplier(live, elapsed, hundredths);
    const due = live.autos.filter((bet) => bet.auto_cashout_hundredths! <= hundredths);
    if (due.length > 0) {
      live.autos = live.autos.slice(due.length);
      await this.#payAutos(live, due);
    }
  }

  /** The multiplier, once per CRASH_PUSH_MS slot of running (the tick's own elapsed time, so clients can time it). */
  #pushMultiplier(live: LiveRound, elapsed: number, hundredths: number): void {
    const slot = Math.floor(elapsed / CRASH_PUSH_MS);
    if (slot <= live.pushedSlot) return;
    live.pushedSlot = slot;
    // Volatile: a socket still writing an earlier tick skips this one instead of queueing it (the next one, or the
    // curve the client draws, makes up for it); phases are never dropped.
    this.#broadcast(live, { phase: 'running', multiplier: hundredths / 100, elapsed }, { volatile: true });
  }

  /** Auto cash-outs the curve has reached: paid at exactly their target, once (a hand cash-out may have won the race). */
  async #payAutos(live: LiveRound, due: AutoBet[]): Promise<void> {
    const byId = new Map(due.map((bet) => [bet.bet_id, bet]));
    const settled = await this.#ctx.db.transaction().execute((trx) =>
      settleAndPay(
        trx,
        due.map((bet) => ({
          betId: bet.bet_id,
          cashedOutHundredths: bet.auto_cashout_hundredths!,
          payoutCents: crashPayoutCents(bet.amount_cents, bet.auto_cashout_hundredths!, live.capCents),
        })),
      ),
    );
    for (const row of settled) {
      const bet = byId.get(row.id)!;
      announceCashout(this.#ctx, {
        roundId: live.roundId,
        betId: row.id,
        username: bet.username,
        hundredths: row.multiplier,
        payoutCents: row.payout_cents,
      });
      await this.#ctx.events.publish('balanceChanged', { userId: row.user_id });
    }
  }

  /** The crash: the seed revealed, every open bet settled (a target the round reached paid), in one transaction. */
  async #crash(live: LiveRound, now: number): Promise<void> {
    const capCents = live.capCents || (await payoutCapCents(this.#ctx, 'crash'));
    const result = await this.#ctx.db.transaction().execute(async (trx) => {
      const closed = await trx
        .updateTable('crash_rounds')
        .set({
          phase: 'crashed',
          crash_hundredths: BigInt(live.crashHundredths),
          seed: live.seed,
          crashed_at: new Date(now),
        })
        .where('round_id', '=', live.roundId)
        .where('phase', '=', 'running')
        .returning('round_id')
        .executeTakeFirst();
      if (!closed) return [];
      await sql`UPDATE round_chains SET rounds_played = ${live.roundId}
                 WHERE game = 'crash' AND period_seconds = 0`.execute(trx);
      const open = await openCrashBetsForUpdate(trx, live.roundId);
      const names = new Map(open.map((bet) => [bet.bet_id, bet.username]));
      const settled = await settleAndPay(
        trx,
        open.map((bet) => {
          const target = bet.auto_cashout_hundredths;
          const wins = target !== null && target <= live.crashHundredths;
          return {
            betId: bet.bet_id,
            cashedOutHundredths: wins ? target : null,
            payoutCents: wins ? crashPayoutCents(bet.amount_cents, target, capCents) : 0n,
          };
        }),
      );
      return settled.map((row) => ({ ...row, username: names.get(row.id) ?? '' }));
    });
    live.phase = 'crashed';
    live.crashedAt = now;
    live.autos = [];
    if (!live.announced) this.#broadcast(live, { phase: 'crashed', crashPoint: live.crashHundredths / 100 });
    live.announced = true;
    for (const row of result) {
      if (row.multiplier > 0) {
        const notice = {
          roundId: live.roundId,
          betId: row.id,
          username: row.username,
          hundredths: row.multiplier,
        };
        announceCashout(this.#ctx, { ...notice, payoutCents: row.payout_cents });
      }
      await this.#ctx.events.publish('balanceChanged', { userId: row.user_id });
    }
  }

  #broadcast(live: LiveRound, fields: Record<string, unknown>, options?: { volatile: true }): void {
    const payload = { game: 'crash', roundId: live.roundId, startsAt: live.startsAt, ...fields };
    if (options) this.#ctx.realtime.broadcast('gameRound', payload, options);
    else this.#ctx.realtime.broadcast('gameRound', payload);
  }
}

/** Ticks Crash every CRASH_TICK_MS; the multiplier goes out once per CRASH_PUSH_MS slot (5 a second). */
export function crashLoop(engine: CrashEngine, log: AppContext['log'], intervalMs = CRASH_TICK_MS): Loop {
  return stoppableLoop({ name: 'crash-engine', intervalMs, log, tick: () => engine.tick() });
}
