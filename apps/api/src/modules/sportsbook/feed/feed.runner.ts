import { randomUUID } from 'node:crypto';
import type { SportCode } from '@aposta/sports';
import type { AppContext } from '../../../app-context.ts';
import { holdLease } from '../../../db/lease.ts';
import type { SportCodeColumn } from '../../../db/schema.sportsbook.ts';
import { type Loop, stoppableLoop } from '../../../lib/loop.ts';
import { ensureLeague, insertMatch, lockMatch } from '../catalog.repository.ts';
import { getMatch, writeMatchState } from '../catalog.service.ts';
import { insertMarkets } from '../markets.repository.ts';
import type { SportsbookEvents } from '../sportsbook.events.ts';
import { recordTracker } from '../tracker.repository.ts';
import { emitMatchEvents } from '../tracker.service.ts';
import { applyBoard, stateChanged, toStateWrite } from './feed.apply.ts';
import { runningFeedMatches, type StoredFeedMatch } from './feed.repository.ts';
import type { FeedFixture, FeedUpdate, SportsFeed } from './feed.ts';

/**
 * Drives a feed: every tick it polls the feed with its running matches and applies the answer. Each match's
 * state and board are written in ONE transaction under the match lock (so a goal and the suspension it causes
 * land together; no bet slips in between), then `matchState` goes out and the changed markets are queued for
 * the batched `odds` event, flushed once per tick. Of several server processes, only the one holding the feed's
 * lease polls it: one set of calls to the provider, one `matchState` per change.
 */
export class FeedRunner implements Loop {
  readonly #owner = randomUUID();
  #polling = false;
  readonly #ctx: AppContext;
  readonly #events: SportsbookEvents;
  readonly #feed: SportsFeed;
  readonly #loop: Loop;

  constructor(ctx: AppContext, events: SportsbookEvents, feed: SportsFeed, intervalMs: number) {
    this.#ctx = ctx;
    this.#events = events;
    this.#feed = feed;
    this.#loop = stoppableLoop({
      name: 'sportsbook-feed',
      intervalMs,
      log: ctx.log,
      context: { feed: feed.name },
      tick: async () => {
        const holds = await holdLease(ctx.db, `feed:${feed.name}`, this.#owner, leaseSeconds(intervalMs));
        if (holds !== this.#polling) {
          this.#polling = holds;
          ctx.log.info(
            { feed: feed.name, pid: process.pid },
            holds ? 'polling the feed' : 'no longer polling the feed',
          );
        }
        if (holds) await this.tick();
      },
    });
  }

  start(): void {
    this.#loop.start();
  }

  /** Waits for the tick in flight, so its odds are queued and flushed before the events close. */
  async stop(): Promise<void> {
    await this.#loop.stop();
  }

  /** One poll-and-apply round (whoever holds the lease); tests call it directly with a chosen clock. */
  async tick(now = new Date()): Promise<void> {
    const running = await runningFeedMatches(this.#ctx.db, this.#feed.name);
    const batch = await this.#feed.poll(
      now,
      running.map((row) => ({
        id: row.id,
        externalId: row.external_id,
        sport: row.sport as SportCode,
        startTime: row.start_time,
        period: row.period,
        meta: row.feed_meta,
      })),
    );
    for (const fixture of batch.fixtures) await this.#addFixture(fixture);
    const stored = new Map(running.map((row) => [row.external_id, row]));
    for (const update of batch.updates) {
      const row = stored.get(update.externalId);
      if (row) await this.#applyUpdate(row, update);
    }
    this.#events.flush();
  }

  async #addFixture(fixture: FeedFixture): Promise<void> {
    await this.#ctx.db.transaction().execute(async (trx) => {
      const sport = fixture.sport as SportCodeColumn;
      const leagueId = await ensureLeague(trx, sport, fixture.league);
      const matchId = await insertMatch(trx, {
        sport,
        leagueId,
        home: fixture.home,
        away: fixture.away,
        startTime: fixture.startTime,
        feed: this.#feed.name,
        externalId: fixture.externalId,
        feedMeta: fixture.meta,
        runners: fixture.runners,
      });
      if (matchId === undefined) return;
      await insertMarkets(
        trx,
        matchId,
        fixture.markets.map((market) => ({ ...market, includesOvertime: false })),
      );
    });
  }

  async #applyUpdate(row: StoredFeedMatch, update: FeedUpdate): Promise<void> {
    const newState = update.state && stateChanged(row, update.state) ? update.state : undefined;
    if (!newState && !update.markets && !update.tracker) return;
    const changed = await this.#ctx.db.transaction().execute(async (trx) => {
      await lockMatch(trx, row.id);
      const closedSome = newState ? await writeMatchState(trx, row.id, toStateWrite(newState)) : false;
      const boardChanged = update.markets ? await applyBoard(trx, row.id, update.markets) : new Set<bigint>();
      const tracked = update.tracker ? await recordTracker(trx, row.id, update.tracker) : [];
      return { closedSome, boardChanged, tracked };
    });
    // Committed: the tracker's events go out now (a goal's right after its matchState when the score moved).
    if (!newState && changed.boardChanged.size === 0)
      return emitMatchEvents(this.#ctx, row.id, changed.tracked);
    const match = await getMatch(this.#ctx, row.id);
    if (newState)
      this.#events.matchState({
        matchId: match.matchId,
        period: match.period,
        score: match.score,
        // Ours: the sport's own account, where the feed gives one (operator matches keep the contract's three fields).
        ...(match.scoreDetail && { scoreDetail: match.scoreDetail }),
      });
    emitMatchEvents(this.#ctx, row.id, changed.tracked);
    this.#events.queueOdds(
      match.matchId,
      match.markets.filter(
        (market) => changed.closedSome || changed.boardChanged.has(BigInt(market.marketId)),
      ),
    );
  }
}

/** Long enough that the holder renews it between ticks, short enough that another server takes over soon. */
function leaseSeconds(intervalMs: number): number {
  return Math.max(10, Math.ceil((intervalMs * 3) / 1000));
}
