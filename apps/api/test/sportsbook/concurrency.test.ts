import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockMatch } from '../../src/modules/sportsbook/catalog.repository.ts';
import { applyBoard } from '../../src/modules/sportsbook/feed/feed.apply.ts';
import { TEST_DATABASE } from '../harness.ts';
import {
  admin,
  balanceOf,
  bet,
  createMatch,
  createSportsbookApp,
  expectLedgerClean,
  newPlayer,
  type Player,
  pick,
  type SportsbookTestApp,
} from './helpers.ts';

const BETS = 50;

/**
 * 50 bets race a market change. Each bet is either accepted at the odds the player was shown, or refused:
 * never accepted on a suspended market, never at other odds, and a bet sent after the change committed is
 * always refused. Money adds up to the accepted stakes exactly.
 */
describe(`sportsbook placement racing market changes (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  let players: Player[];
  beforeAll(async () => {
    app = await createSportsbookApp();
    players = await Promise.all(Array.from({ length: 5 }, () => newPlayer(app, 100_000n)));
  });
  afterAll(async () => app.close());

  /** Sends the bets a few ms apart and makes the change once 15 of them were answered, while the rest fly. */
  async function race(selection: { selectionId: number; odds: number }, change: () => Promise<unknown>) {
    let changedAt = Number.POSITIVE_INFINITY;
    let answered = 0;
    let changing: Promise<void> = Promise.resolve();
    const attempts = Array.from({ length: BETS }, async (_, index) => {
      await new Promise((resolve) => setTimeout(resolve, index * 3));
      const startedAt = performance.now();
      const answer = await bet(app, players[index % players.length]!, 2, [selection], 'none');
      answered += 1;
      if (answered === 15) {
        changing = change().then(() => {
          changedAt = performance.now();
        });
      }
      return { startedAt, answer };
    });
    const results = await Promise.all(attempts);
    await changing;
    // The 15 answered before the change was even sent were accepted.
    expect(results.filter(({ answer }) => answer.http === 200).length).toBeGreaterThanOrEqual(15);
    return { results, changedAt };
  }

  async function legOdds(betIds: number[]) {
    if (betIds.length === 0) return [];
    const rows = await app.test.ctx.db
      .selectFrom('sports_bet_legs')
      .select('odds_milli')
      .where('bet_id', 'in', betIds.map(BigInt))
      .execute();
    return rows.map((row) => row.odds_milli);
  }

  it('never accepts a bet on a market once its suspension committed', async () => {
    const match = await createMatch(app);
    const over = pick(match, 'total', 'over', 2.5);
    const before = await Promise.all(players.map((player) => balanceOf(app, player)));
    const { results, changedAt } = await race(over, () =>
      admin(app, 'POST', `/api/admin/sports/markets/${over.marketId}/status`, { status: 'suspended' }),
    );
    const accepted = results.filter(({ answer }) => answer.http === 200);
    for (const { startedAt, answer } of results) {
      if (answer.http === 200) {
        expect(answer.data.odds).toBe(over.odds);
      } else {
        expect([answer.http, answer.message]).toEqual([409, 'This option is currently not open for betting']);
      }
      if (startedAt > changedAt) expect(answer.http).toBe(409);
    }
    expect(await legOdds(accepted.map(({ answer }) => answer.data.betId))).toEqual(accepted.map(() => 1900));
    const after = await Promise.all(players.map((player) => balanceOf(app, player)));
    const spent = before.reduce((sum, item, index) => sum + item.balance - after[index]!.balance, 0);
    expect(spent).toBeCloseTo(accepted.length * 2, 2);
    await expectLedgerClean(app);
  });

  it('never accepts a bet at odds other than those shown while the feed reprices the market', async () => {
    const match = await createMatch(app);
    const under = pick(match, 'total', 'under', 2.5);
    const board = match.markets.map((market) => ({
      type: market.type as 'total',
      period: market.period as 'full',
      lineQuarters: market.line === null ? null : market.line * 4,
      isMain: false,
      status: 'open' as const,
      selections: market.selections.map((selection) => ({
        outcome: selection.outcome as 'over',
        oddsMilli: selection.selectionId === under.selectionId ? 2050 : Math.round(selection.odds * 1000),
      })),
    }));
    const { results, changedAt } = await race(under, () =>
      app.test.ctx.db.transaction().execute(async (trx) => {
        await lockMatch(trx, BigInt(match.matchId));
        await applyBoard(trx, BigInt(match.matchId), board);
      }),
    );
    const accepted = results.filter(({ answer }) => answer.http === 200);
    for (const { startedAt, answer } of results) {
      if (answer.http === 200) {
        expect(answer.data.odds).toBe(1.95);
      } else {
        expect(answer.http).toBe(409);
        expect(answer.data).toEqual({ odds: [{ selectionId: under.selectionId, odds: 2.05 }] });
      }
      if (startedAt > changedAt) expect(answer.http).toBe(409);
    }
    expect(await legOdds(accepted.map(({ answer }) => answer.data.betId))).toEqual(accepted.map(() => 1950));
    await expectLedgerClean(app);
  });
});
