import { diceRoll } from '@aposta/fair';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tournamentClock } from '../../src/modules/tournaments/tournaments.service.ts';
import { createAdminApp, newOperator, ownerToken } from '../admin/helpers.ts';
import { balances, call, expectBooksBalanced, newPlayer, type Player } from '../games/helpers.ts';
import { TEST_DATABASE, type TestApp } from '../harness.ts';

/** Tournaments and missions (issue 34, decision 0067): scored from real bets, paid once, refused where the law says. */
const MINUTE = 60_000;

describe(`tournaments and missions (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let marketing: string;
  beforeAll(async () => {
    test = await createAdminApp();
    marketing = (await newOperator(test, await ownerToken(test), ['marketing'])).token;
  });
  afterEach(() => {
    tournamentClock.now = () => new Date();
    (test.ctx.config as { regulatoryProfile: string }).regulatoryProfile = 'open';
  });
  afterAll(async () => test.close());

  const dice = (player: Player, amount: number) =>
    call(test, 'POST', '/api/app/game/dice/bet', player.token, { amount, target: 50, direction: 'under' });
  const create = (body: Record<string, unknown>, token = marketing) =>
    call(test, 'POST', '/api/admin/tournaments', token, {
      name: 'Semana do Dice',
      games: ['dice'],
      scoring: 'stake',
      startsAt: Date.now() - MINUTE,
      endsAt: Date.now() + MINUTE,
      prizes: [100, '50.00'],
      ...body,
    });

  it('ranks the stakes of the period, shows the caller their place, and pays the prizes once when run twice at once', async () => {
    const created = await create({});
    expect(created.http, created.message).toBe(200);
    const id = created.data.id as number;
    const [a, b, c] = [
      await newPlayer(test, 10_000n),
      await newPlayer(test, 10_000n),
      await newPlayer(test, 10_000n),
    ];
    for (const amount of [5, 5, 5]) expect((await dice(a, amount)).http).toBe(200);
    expect((await dice(b, 20)).http).toBe(200);
    expect((await dice(c, 1)).http).toBe(200);

    const board = await call(test, 'GET', `/api/app/tournaments/${id}`, a.token);
    expect(board.http, board.message).toBe(200);
    expect(board.data.tournament).toMatchObject({ status: 'live', players: 3, prizes: [100, 50] });
    expect(board.data.leaders.map((row: { score: number; prize: number }) => [row.score, row.prize])).toEqual(
      [
        [20, 100],
        [15, 50],
        [1, 0],
      ],
    );
    expect(board.data.mine).toMatchObject({ rank: 2, score: 15, me: true });
    expect(board.data.leaders[0].user).toMatch(/\*\*\*$/);
    // A guest sees the board, without a row of their own.
    expect((await call(test, 'GET', `/api/app/tournaments/${id}`)).data.mine).toBeNull();

    // Not before its end.
    expect((await call(test, 'POST', `/api/admin/tournaments/${id}/pay`, marketing)).http).toBe(409);
    tournamentClock.now = () => new Date(Date.now() + 2 * MINUTE);
    const before = [await balances(test, a), await balances(test, b), await balances(test, c)];
    const runs = await Promise.all([
      call(test, 'POST', `/api/admin/tournaments/${id}/pay`, marketing),
      call(test, 'POST', `/api/admin/tournaments/${id}/pay`, marketing),
    ]);
    expect(runs.map((run) => run.http)).toEqual([200, 200]);
    expect(runs.map((run) => run.data.paidNow).sort()).toEqual([0, 2]);
    const after = [await balances(test, a), await balances(test, b), await balances(test, c)];
    expect(after.map((x, i) => Math.round((x.balance - before[i]!.balance) * 100))).toEqual([
      5_000, 10_000, 0,
    ]);
    const overview = await call(test, 'GET', '/api/admin/tournaments', marketing);
    expect(overview.data.tournaments.find((t: { id: number }) => t.id === id)).toMatchObject({
      status: 'paid',
      paid: 150,
    });
    await expectBooksBalanced(test);
  });

  it("counts a mission's bets at its multiplier, pays the reward once, and refuses it before it is done", async () => {
    const created = await call(test, 'POST', '/api/admin/missions', marketing, {
      name: '2 apostas a 1,5×',
      game: 'dice',
      minMultiplier: 150,
      target: 2,
      reward: 5,
      startsAt: Date.now() - MINUTE,
      endsAt: Date.now() + 60 * MINUTE,
    });
    expect(created.http, created.message).toBe(200);
    const id = created.data.id as number;
    const player = await newPlayer(test, 1_000n);
    /** A real dice bet whose roll is read from the player's seed pair first, so it wins at a chosen multiplier. */
    const winAt = async (high: boolean) => {
      // The pair is made on first sight.
      expect((await call(test, 'GET', '/api/app/fair/seeds', player.token)).http).toBe(200);
      const pair = await test.ctx.db
        .selectFrom('fair_seed_pairs')
        .select(['server_seed', 'client_seed', 'nonce'])
        .where('user_id', '=', player.userId)
        .where('active', '=', true)
        .executeTakeFirstOrThrow();
      const roll = diceRoll({
        serverSeedHex: pair.server_seed,
        clientSeed: pair.client_seed,
        nonce: pair.nonce,
      });
      // 1.98× (under or over 50) or 1.01× (under or over 2); a roll on the target itself moves the target.
      const body = high
        ? roll < 50
          ? { target: 50, direction: 'under' }
          : roll > 50
            ? { target: 50, direction: 'over' }
            : { target: 60, direction: 'under' }
        : roll < 98
          ? { target: 98, direction: 'under' }
          : { target: 2, direction: 'over' };
      const answer = await call(test, 'POST', '/api/app/game/dice/bet', player.token, { amount: 1, ...body });
      expect(answer.http, answer.message).toBe(200);
      expect(answer.data.win ?? answer.data.payout > 0).toBeTruthy();
    };
    await winAt(false);
    await winAt(true);
    const mission = async () =>
      (await call(test, 'GET', '/api/app/missions', player.token)).data.missions.find(
        (m: { id: number }) => m.id === id,
      );
    expect(await mission()).toMatchObject({ progress: 1, target: 2, claimed: false, reward: 5 });
    const early = await call(test, 'POST', `/api/app/missions/${id}/claim`, player.token);
    expect(early.http).toBe(409);
    expect(early.message).toContain('1');
    await winAt(true);
    const claims = await Promise.all([
      call(test, 'POST', `/api/app/missions/${id}/claim`, player.token),
      call(test, 'POST', `/api/app/missions/${id}/claim`, player.token),
    ]);
    expect(claims.map((claim) => claim.http).sort()).toEqual([200, 409]);
    const balance = (await balances(test, player)).balance;
    const paid = await test.ctx.db
      .selectFrom('game_bets')
      .select((eb) => [
        eb.fn.sum<string>('payout_cents').as('payout'),
        eb.fn.sum<string>('amount_cents').as('stake'),
      ])
      .where('user_id', '=', player.userId)
      .executeTakeFirstOrThrow();
    // R$ 10,00 funded, the three bets' result, and the R$ 5,00 reward once.
    expect(Math.round(balance * 100)).toBe(1_000 + Number(paid.payout) - Number(paid.stake) + 500);
    expect(await mission()).toMatchObject({ progress: 2, claimed: true });
    await expectBooksBalanced(test);
  });

  it('offers no prize or reward under br-licensed, and keeps operators without the permission out', async () => {
    (test.ctx.config as { regulatoryProfile: string }).regulatoryProfile = 'br-licensed';
    const refused = await create({});
    expect(refused.http).toBe(409);
    expect(refused.message).toMatch(/prêmios|prizes/i);
    expect((await create({ prizes: [] })).http).toBe(200);
    const support = (await newOperator(test, await ownerToken(test), ['support'])).token;
    expect((await create({ prizes: [] }, support)).http).toBe(403);
    const overview = await call(test, 'GET', '/api/admin/tournaments', marketing);
    expect(overview.data.prizesAllowed).toBe(false);
  });

  it('refuses a period that is over or backwards', async () => {
    expect((await create({ endsAt: Date.now() - 1 })).http).toBe(400);
    expect((await create({ startsAt: Date.now() + 2 * MINUTE, endsAt: Date.now() + MINUTE })).http).toBe(400);
  });
});
