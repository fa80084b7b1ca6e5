import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SPORTSBOOK_CONFIG } from '../../src/config/sportsbook.config.ts';
import { TEST_DATABASE } from '../harness.ts';
import {
  admin,
  bet,
  call,
  createMatch,
  createSportsbookApp,
  expectLedgerClean,
  newPlayer,
  pick,
  postState,
  type SportsbookTestApp,
  settle,
} from './helpers.ts';

// Risk limits (issue 17), each crossed by one centavo of stake. The helpers' board prices home at 2.10: a stake
// of R$ 7.62 pays R$ 16.00, one of R$ 7.63 pays R$ 16.02.

describe(`sportsbook risk limits (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  beforeAll(async () => {
    app = await createSportsbookApp({
      sportsbook: {
        ...DEFAULT_SPORTSBOOK_CONFIG,
        stakeCentsMax: 10_000n,
        marketMaxLiabilityCents: 10_000n,
        marketSuspendLiabilityCents: 9_000n,
        matchMaxLiabilityCents: 15_000n,
      },
    });
  });
  afterAll(async () => app.close());

  it('a trader’s stake factor scales a player’s maximum stake, audited', async () => {
    const player = await newPlayer(app, 100_000n);
    const answer = await admin(app, 'POST', `/api/admin/sports/players/${player.userId}/stake-factor`, {
      factor: 0.1,
    });
    expect(answer.http, answer.message).toBe(200);
    expect(answer.data).toEqual({ userId: Number(player.userId), factor: 0.1 });
    const audit = await sql<{ action: string; after: unknown }>`
      SELECT action, after FROM audit_log WHERE action = 'sports.stake_factor' ORDER BY id`.execute(
      app.test.ctx.db,
    );
    expect(audit.rows.at(-1)).toMatchObject({ action: 'sports.stake_factor', after: { factor: 0.1 } });

    const match = await createMatch(app);
    // R$ 100.00 × 0.1 = R$ 10.00: one centavo more is refused with the limit in the player's words.
    const over = await bet(app, player, '10.01', [pick(match, 'winAlone', 'draw')]);
    expect(over.http).toBe(409);
    expect(over.message).toBe('O valor máximo para esta aposta agora é R$ 10,00');
    expect(over.data).toEqual({ maxStake: 10 });
    expect((await bet(app, player, '10.00', [pick(match, 'winAlone', 'draw')])).http).toBe(200);
    expect(
      (await admin(app, 'POST', '/api/admin/sports/players/999999/stake-factor', { factor: 1 })).http,
    ).toBe(404);
  });

  it('a market’s liability stops at its limit to the centavo and suspends past the threshold', async () => {
    const match = await createMatch(app);
    const home = pick(match, 'winAlone', 'home');
    const player = await newPlayer(app, 100_000n);
    // R$ 40.00 × 2.10 = R$ 84.00 of liability on home.
    expect((await bet(app, player, 40, [home])).http).toBe(200);
    const status = async () =>
      (await call(app.test, 'GET', `/api/app/sports/matches/${match.matchId}`)).data.markets.find(
        (market: { marketId: number }) => market.marketId === home.marketId,
      ).status;
    expect(await status()).toBe('open');
    // 84.00 + 16.02 = 100.02 > 100.00: refused, and it says R$ 7.62 would fit.
    const over = await bet(app, player, '7.63', [home]);
    expect(over.http).toBe(409);
    expect(over.data).toEqual({ maxStake: 7.62 });
    // 84.00 + 16.00 = 100.00: at the limit, accepted; past the R$ 90.00 threshold, the market is suspended.
    expect((await bet(app, player, '7.62', [home])).http).toBe(200);
    expect(await status()).toBe('suspended');
    // The other outcomes carry their own exposure.
    const away = pick(match, 'winAlone', 'away');
    expect((await bet(app, player, 10, [away])).http).toBe(409);
    await expectLedgerClean(app);
  });

  it('a match’s exposure across its markets stops at its limit', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app, 100_000n);
    // 2.10 × 40 = 84.00 on home; then handicaps and totals up to the match's R$ 150.00.
    expect((await bet(app, player, 40, [pick(match, 'winAlone', 'home')])).http).toBe(200);
    const draw = pick(match, 'winAlone', 'draw');
    const fits = Math.floor(((150 - 84) * 100) / draw.odds) / 100;
    const over = await bet(app, player, (fits + 0.01).toFixed(2), [draw]);
    expect(over.http).toBe(409);
    expect(over.data.maxStake).toBe(fits);
    expect((await bet(app, player, fits.toFixed(2), [draw])).http).toBe(200);
  });

  it('a cash-out takes the stake it bought back off the exposure', async () => {
    const match = await createMatch(app);
    const home = pick(match, 'winAlone', 'home');
    const player = await newPlayer(app, 100_000n);
    const placed = await bet(app, player, 40, [home]);
    expect((await bet(app, player, '7.63', [home])).http).toBe(409);
    const quote = await call(
      app.test,
      'GET',
      `/api/app/sports/bets/${placed.data.betId}/cashout`,
      player.token,
    );
    const taken = await call(
      app.test,
      'POST',
      `/api/app/sports/bets/${placed.data.betId}/cashout`,
      player.token,
      {
        quoteId: quote.data.quoteId,
        fraction: 0.5,
      },
    );
    expect(taken.http, taken.message).toBe(200);
    // 20.00 × 2.10 = 42.00 of exposure left: R$ 27.62 more (paying 58.00) fits under R$ 100.00, 27.63 does not.
    expect((await bet(app, player, '27.63', [home])).data).toEqual({ maxStake: 27.62 });
    expect((await bet(app, player, '27.62', [home])).http).toBe(200);
  });

  it('a first-half market settled at half-time frees its share of the match’s limit for the second half', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app, 100_000n);
    // R$ 20.00 on the first-half home win at 2.90 and R$ 40.00 on the full-time one at 2.10: 58.00 + 84.00 =
    // 142.00 of the match's R$ 150.00, so R$ 5.00 on the handicap at 2.00 (10.00) does not fit.
    expect((await bet(app, player, 20, [pick(match, 'winAlone', 'home', null, 'firstHalf')])).http).toBe(200);
    expect((await bet(app, player, 40, [pick(match, 'winAlone', 'home')])).http).toBe(200);
    const handicap = pick(match, 'handicap', 'home', -0.5);
    expect((await bet(app, player, 5, [handicap])).http).toBe(409);
    // Half-time 0-0: the first-half bet is lost and settled; its 58.00 no longer counts against the match.
    await postState(app, match.matchId, {
      period: 2,
      score: { home: 0, away: 0 },
      halfTimeScore: { home: 0, away: 0 },
    });
    expect((await settle(app, match.matchId)).http).toBe(200);
    expect((await bet(app, player, 5, [handicap])).http).toBe(200);
    const exposure = await sql<{ payout_cents: string }>`
      SELECT payout_cents::text FROM sports_match_exposure WHERE match_id = ${match.matchId}`.execute(
      app.test.ctx.db,
    );
    // 84.00 (full-time home) + 10.00 (the handicap).
    expect(exposure.rows[0]!.payout_cents).toBe('9400');
    await expectLedgerClean(app);
  });
});

// Two connections are needed to interleave placement's locks with settlement's: PostgreSQL only.
describe.skipIf(TEST_DATABASE === 'pglite')(`sportsbook exposure lock order (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  beforeAll(async () => {
    app = await createSportsbookApp();
  });
  afterAll(async () => app.close());

  it('a correction that settles one bet and re-opens another does not deadlock with a placement', async () => {
    const match = await createMatch(app);
    const player = await newPlayer(app, 100_000n);
    const firstHalf = pick(match, 'winAlone', 'home', null, 'firstHalf');
    const fullTime = pick(match, 'winAlone', 'home');
    expect((await bet(app, player, 10, [firstHalf])).http).toBe(200);
    expect((await bet(app, player, 10, [fullTime])).http).toBe(200);
    // Reported finished without a half-time score: the full-time bet settles, the first-half one cannot yet.
    await postState(app, match.matchId, { period: -1, score: { home: 1, away: 0 } });
    expect((await settle(app, match.matchId)).http).toBe(200);
    // Corrected to the second half with the half-time score: the full-time bet re-opens, the first-half one
    // settles, in one batch.
    await postState(app, match.matchId, {
      period: 2,
      score: { home: 1, away: 0 },
      halfTimeScore: { home: 0, away: 0 },
    });
    // A placement holds the full-time selection's row and then wants the match's, as placement does.
    let settling: ReturnType<typeof settle> | undefined;
    await app.test.ctx.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL lock_timeout = '5s'`.execute(trx);
      await sql`SELECT 1 FROM sports_selection_exposure WHERE selection_id = ${fullTime.selectionId} FOR UPDATE`.execute(
        trx,
      );
      settling = settle(app, match.matchId);
      // Settlement is waiting for the selection's row this transaction holds (seen from another connection).
      await expect
        .poll(async () => {
          const waiting = await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(app.test.ctx.db);
          return waiting.rows[0]!.n;
        })
        .toBeGreaterThan(0);
      await sql`SELECT 1 FROM sports_match_exposure WHERE match_id = ${match.matchId} FOR UPDATE`.execute(
        trx,
      );
    });
    expect((await settling!).http).toBe(200);
    const bets = (await call(app.test, 'GET', '/api/app/sports/bets?status=open', player.token)).data.records;
    expect(bets).toHaveLength(1);
    await expectLedgerClean(app);
  });
});
