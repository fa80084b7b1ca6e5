import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleMatch } from '../../src/modules/sportsbook/settlement.service.ts';
import { TEST_DATABASE } from '../harness.ts';
import {
  balanceOf,
  bet,
  call,
  createMatch,
  createSportsbookApp,
  expectLedgerClean,
  finalState,
  type MatchView,
  newPlayer,
  type Player,
  pick,
  postState,
  type SportsbookTestApp,
} from './helpers.ts';

/** What every player should hold: the start, less the stakes, plus what their bets' records say they paid. */
async function expectBalancesMatchRecords(app: SportsbookTestApp, players: Player[], start: number) {
  for (const player of players) {
    const records = (await call(app.test, 'GET', '/api/app/sports/bets?size=100', player.token)).data
      .records as {
      amount: number;
      payout: number;
    }[];
    const expected = records.reduce((sum, record) => sum - record.amount + record.payout, start);
    expect((await balanceOf(app, player)).balance).toBeCloseTo(expected, 2);
  }
}

/** Open liability left on a match's selections and on the match itself. */
async function exposureOf(app: SportsbookTestApp, matchId: number) {
  const result = await sql<{ selections: string; match: string }>`
    SELECT (SELECT coalesce(sum(e.payout_cents), 0) FROM sports_selection_exposure e
              JOIN sports_markets m ON m.id = e.market_id WHERE m.match_id = ${matchId})::text AS selections,
           (SELECT coalesce(sum(payout_cents), 0) FROM sports_match_exposure WHERE match_id = ${matchId})::text AS match`.execute(
    app.test.ctx.db,
  );
  return { selections: BigInt(result.rows[0]!.selections), match: BigInt(result.rows[0]!.match) };
}

/**
 * Settlement in small batches, several in flight, and two settlers of the same match at once: every bet is settled
 * exactly once, the money matches the bets' records, the open liability goes, the ledger stays clean, and a
 * corrected score re-settles the same way.
 */
describe(`sportsbook settlement in concurrent batches (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  let match: MatchView;
  let other: MatchView;
  let players: Player[];
  let betCount = 0;
  beforeAll(async () => {
    app = await createSportsbookApp();
    [match, other] = [await createMatch(app), await createMatch(app)];
    players = await Promise.all(Array.from({ length: 4 }, () => newPlayer(app, 100_000n)));
    const picks = [
      pick(match, 'winAlone', 'home'),
      pick(match, 'winAlone', 'draw'),
      pick(match, 'total', 'over', 2.5),
      pick(match, 'handicap', 'home', -0.75),
      pick(match, 'oddEven', 'even'),
    ];
    for (let i = 0; i < 36; i++) {
      const player = players[i % players.length]!;
      const answer = await bet(app, player, 5 + (i % 7), [picks[i % picks.length]!]);
      expect(answer.http, answer.message).toBe(200);
      betCount++;
    }
    // Parlays with a leg on another match stay open: their liability must stay where it is.
    for (const player of players) {
      const answer = await bet(app, player, 3, [
        pick(match, 'winAlone', 'home'),
        pick(other, 'winAlone', 'away'),
      ]);
      expect(answer.http, answer.message).toBe(200);
      betCount++;
    }
  });
  afterAll(async () => app.close());

  it('settles every bet once with two settlers of four-bet batches racing, two batches in flight each', async () => {
    const before = await exposureOf(app, match.matchId);
    expect(before.match).toBeGreaterThan(0n);
    await postState(app, match.matchId, finalState);
    const options = { batchSize: 4, concurrency: 2, notify: false };
    const runs = await Promise.all([
      settleMatch(app.test.ctx, BigInt(match.matchId), options),
      settleMatch(app.test.ctx, BigInt(match.matchId), options),
    ]);
    // The parlays' legs on this match are settled (won or lost); a lost leg settles the parlay, a won one leaves it open.
    const settled = runs[0]!.settledBets + runs[1]!.settledBets;
    const open = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM sports_bets b
       WHERE b.result = 0 AND EXISTS (SELECT 1 FROM sports_bet_legs l WHERE l.bet_id = b.id AND l.match_id = ${match.matchId})`.execute(
      app.test.ctx.db,
    );
    expect(settled + open.rows[0]!.n).toBe(betCount);
    expect(open.rows[0]!.n).toBe(players.length);
    await expectBalancesMatchRecords(app, players, 1000);
    // Only the open parlays still weigh on the match.
    const parlayLiability = await sql<{ total: string }>`
      SELECT coalesce(sum(potential_payout_cents), 0)::text AS total FROM sports_bets WHERE type = 'parlay'`.execute(
      app.test.ctx.db,
    );
    expect((await exposureOf(app, match.matchId)).match).toBe(BigInt(parlayLiability.rows[0]!.total));
    // A batch's payouts are one journal transaction: no more of them than batches.
    const journals = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_transactions WHERE code = 'sports_payout'`.execute(
      app.test.ctx.db,
    );
    expect(journals.rows[0]!.n).toBeLessThanOrEqual(Math.ceil(betCount / options.batchSize));
    await expectLedgerClean(app);
    // Settling again finds nothing.
    expect(await settleMatch(app.test.ctx, BigInt(match.matchId), options)).toEqual({ settledBets: 0 });
  });

  it('re-settles a corrected score the same way, two settlers at once', async () => {
    await postState(app, match.matchId, { ...finalState, score: { home: 1, away: 1 } });
    const options = { batchSize: 3, concurrency: 2, notify: false };
    const runs = await Promise.all([
      settleMatch(app.test.ctx, BigInt(match.matchId), options),
      settleMatch(app.test.ctx, BigInt(match.matchId), options),
    ]);
    expect(runs[0]!.settledBets + runs[1]!.settledBets).toBeGreaterThan(0);
    await expectBalancesMatchRecords(app, players, 1000);
    const reversals = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_transactions WHERE code = 'sports_payout_reversal'`.execute(
      app.test.ctx.db,
    );
    expect(reversals.rows[0]!.n).toBeGreaterThan(0);
    await expectLedgerClean(app);
    expect(await settleMatch(app.test.ctx, BigInt(match.matchId), options)).toEqual({ settledBets: 0 });
  });
});
