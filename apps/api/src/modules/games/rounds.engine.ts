import { randomUUID } from 'node:crypto';
import {
  applyMultiplier,
  chainSeedForRound,
  type DoubleColor,
  doubleColor,
  doublePayoutMultiplier,
  doubleRoundRoll,
  type LuckyColorPick,
  luckyColorPayoutMultiplier,
  luckyColorRoundNumber,
} from '@aposta/fair';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { holdLease } from '../../db/lease.ts';
import { type Loop, stoppableLoop } from '../../lib/loop.ts';
import { payStakes } from '../stakes/payout.ts';
import { originals } from '../stakes/stake.rules.ts';
import { chainCheckpoints } from './chain.hashing.ts';
import { ensureChain, latestRound, type RoundGame, settleRoundBets } from './rounds.repository.ts';
import { doubleRoundTimes, LUCKY_COLOR_PERIODS_SECONDS, luckyColorSlot } from './rounds.schedule.ts';

export interface RoundTable {
  game: RoundGame;
  /** 0 for double; the draw period for lucky color. */
  periodSeconds: number;
}

export const ROUND_TABLES: RoundTable[] = [
  { game: 'double', periodSeconds: 0 },
  ...LUCKY_COLOR_PERIODS_SECONDS.map((periodSeconds) => ({ game: 'luckyColor' as const, periodSeconds })),
];

const LEASE_SECONDS = 5;
const driverKey = (table: RoundTable) => `${table.game}:${table.periodSeconds}`;
export const betRoundKey = (table: RoundTable, roundKey: string) => `${table.periodSeconds}:${roundKey}`;

function outcomeOf(table: RoundTable, seed: string, salt: string): number {
  return table.game === 'double' ? doubleRoundRoll(seed, salt) : luckyColorRoundNumber(seed, salt);
}

/**
 * Drives every round game from the database, one tick at a time. Only the process holding a table's lease
 * drives it, so several server processes never run the same game twice; all state is in the database, so a
 * restart resumes at the next chain index without repeating or skipping one.
 */
export class RoundEngine {
  readonly owner = randomUUID();
  readonly #ctx: AppContext;
  readonly #chainLength: number;
  /** The tables this process drives now; a change is logged, so an operator sees which server runs which game. */
  readonly #driving = new Set<string>();

  constructor(ctx: AppContext, chainLength: number) {
    this.#ctx = ctx;
    this.#chainLength = chainLength;
  }

  async tick(now = new Date()): Promise<void> {
    const failures: unknown[] = [];
    for (const table of ROUND_TABLES) {
      // One table's failure (its database row, its chain) must not stop the other games.
      try {
        const key = driverKey(table);
        const holds = await holdLease(this.#ctx.db, key, this.owner, LEASE_SECONDS);
        if (holds !== this.#driving.has(key)) {
          if (holds) this.#driving.add(key);
          else this.#driving.delete(key);
          this.#ctx.log.info(
            { table: key, pid: process.pid },
            holds ? 'driving round game' : 'no longer driving round game',
          );
        }
        if (holds) await this.#advance(table, now);
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, 'round engine: several tables failed');
  }

  async #seedFor(table: RoundTable, index: number): Promise<{ seed: string; salt: string }> {
    const chain = await ensureChain(this.#ctx.db, table.game, table.periodSeconds, this.#chainLength);
    // Hashed once per chain, off the event loop (a worker thread for a long chain): see chain.hashing.ts.
    const checkpoints = await chainCheckpoints(chain.chain_secret, chain.chain_length);
    return { seed: chainSeedForRound(checkpoints, index), salt: chain.salt };
  }

  async #advance(table: RoundTable, now: Date): Promise<void> {
    const round = await latestRound(this.#ctx.db, table.game, table.periodSeconds);
    if (!round) return this.#open(table, 0, now);
    if (round.phase === 'betting' && now >= round.betting_ends_at) {
      // Double shows its spin during the rolling phase, so its roll is fixed (not yet proven) as betting ends.
      let outcome: number | null = null;
      if (table.game === 'double') {
        const { seed, salt } = await this.#seedFor(table, round.chain_index);
        outcome = outcomeOf(table, seed, salt);
      }
      await this.#ctx.db
        .updateTable('game_rounds')
        .set({ phase: 'rolling', outcome })
        .where('game', '=', table.game)
        .where('period_seconds', '=', table.periodSeconds)
        .where('round_key', '=', round.round_key)
        .where('phase', '=', 'betting')
        .execute();
      this.#broadcast(table, round.round_key, 'rolling', round.ends_at, outcome);
      return;
    }
    if (round.phase === 'rolling' && now >= round.ends_at) {
      await this.#settle(table, round.round_key, round.chain_index);
      return this.#open(table, round.chain_index + 1, now);
    }
    if (round.phase === 'complete') return this.#open(table, round.chain_index + 1, now);
  }

  async #open(table: RoundTable, index: number, now: Date): Promise<void> {
    // The published chain's own length counts, not the configured one (which may have changed since).
    const chain = await ensureChain(this.#ctx.db, table.game, table.periodSeconds, this.#chainLength);
    if (index >= chain.chain_length - 1) {
      this.#ctx.log.error(
        { game: table.game, period: table.periodSeconds },
        'hash chain exhausted: publish a new chain',
      );
      return;
    }
    const times =
      table.game === 'double'
        ? { ...doubleRoundTimes(now), issue: String(index + 1) }
        : luckyColorSlot(table.periodSeconds, now);
    const last = await latestRound(this.#ctx.db, table.game, table.periodSeconds);
    if (last && last.round_key === times.issue) return; // this slot was already played; wait for the next one
    await this.#ctx.db
      .insertInto('game_rounds')
      .values({
        game: table.game,
        period_seconds: table.periodSeconds,
        round_key: times.issue,
        chain_index: index,
        phase: 'betting',
        betting_ends_at: times.bettingEndsAt,
        ends_at: times.endsAt,
        outcome: null,
        seed: null,
        settled_at: null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    this.#broadcast(table, times.issue, 'betting', times.bettingEndsAt, null);
  }

  /** Closes the round exactly once: reveals its seed, then pays every bet of it in the same transaction. */
  async #settle(table: RoundTable, roundKey: string, index: number): Promise<void> {
    const { seed, salt } = await this.#seedFor(table, index);
    const outcome = outcomeOf(table, seed, salt);
    const bettors = await this.#ctx.db.transaction().execute(async (trx) => {
      const closed = await trx
        .updateTable('game_rounds')
        .set({ phase: 'complete', outcome, seed, settled_at: sql`now()` })
        .where('game', '=', table.game)
        .where('period_seconds', '=', table.periodSeconds)
        .where('round_key', '=', roundKey)
        .where('phase', '=', 'rolling')
        .returning('round_key')
        .executeTakeFirst();
      if (!closed) return new Set<bigint>();
      await trx
        .updateTable('round_chains')
        .set({ rounds_played: index + 1 })
        .where('game', '=', table.game)
        .where('period_seconds', '=', table.periodSeconds)
        .execute();
      const bets = await trx
        .selectFrom('game_bets')
        .select(['id', 'user_id', 'amount_cents', 'detail'])
        .where('game', '=', table.game)
        .where('round_key', '=', betRoundKey(table, roundKey))
        .where('status', '=', 'open')
        .orderBy('id')
        .execute();
      const settled = bets.map((bet) => {
        const pick = bet.detail.pick as string | number;
        const multiplier =
          table.game === 'double'
            ? doublePayoutMultiplier(pick as DoubleColor, outcome)
            : luckyColorPayoutMultiplier(pick as LuckyColorPick, outcome);
        return { bet, multiplier, payoutCents: applyMultiplier(bet.amount_cents, multiplier) };
      });
      await settleRoundBets(
        trx,
        { outcome, ...(table.game === 'double' ? { color: doubleColor(outcome) } : {}) },
        settled.map(({ bet, multiplier, payoutCents }) => ({
          betId: bet.id,
          payoutCents,
          multiplierHundredths: Number(applyMultiplier(100n, multiplier)),
        })),
      );
      // The ledger last: every winner's cash and the game's bank locked at once and paid set-based.
      await payStakes(
        trx,
        originals(table.game),
        settled.map(({ bet, payoutCents }) => ({
          betId: bet.id,
          userId: bet.user_id,
          payCents: payoutCents,
          reverseCents: 0n,
        })),
      );
      return new Set(bets.map((bet) => bet.user_id));
    });
    this.#broadcast(table, roundKey, 'complete', new Date(), outcome);
    for (const userId of bettors) await this.#ctx.events.publish('balanceChanged', { userId });
  }

  #broadcast(table: RoundTable, roundKey: string, phase: string, endsAt: Date, outcome: number | null) {
    const key =
      table.game === 'double'
        ? { roundId: Number(roundKey) }
        : { issue: roundKey, period: table.periodSeconds };
    const result = outcome === null ? {} : table.game === 'double' ? { roll: outcome } : { number: outcome };
    this.#ctx.realtime.broadcast('gameRound', {
      game: table.game,
      ...key,
      phase,
      endsAt: endsAt.getTime(),
      ...result,
    });
  }
}

/** The loop that ticks the round games every half second; stopping it waits for the tick in flight. */
export function roundEngineLoop(engine: RoundEngine, log: AppContext['log'], intervalMs = 500): Loop {
  return stoppableLoop({ name: 'round-engine', intervalMs, log, tick: () => engine.tick() });
}
