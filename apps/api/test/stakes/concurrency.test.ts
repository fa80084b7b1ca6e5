import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE } from '../harness.ts';
import {
  balanceOf,
  bet,
  call,
  createMatch,
  createSportsbookApp,
  expectLedgerClean,
  newPlayer,
  type Player,
  pick,
  postState,
  type SportsbookTestApp,
  settle,
} from '../sportsbook/helpers.ts';

/**
 * The one stake path and the one payout path under load on a real PostgreSQL (PGlite has one connection): the
 * same players stake on every product while a sports settlement and a Lucky Color settlement pay them, set-based.
 * Every posting locks players' accounts before the banks, so none of it may deadlock or refuse.
 */
describe.skipIf(TEST_DATABASE !== 'postgres')(
  `stakes and payouts of every product at once (${TEST_DATABASE})`,
  () => {
    let app: SportsbookTestApp;
    let players: Player[];
    beforeAll(async () => {
      app = await createSportsbookApp();
      players = [];
      for (let n = 0; n < 16; n++) players.push(await newPlayer(app, 1000_00n));
    });
    afterAll(async () => app.close());

    const post = (player: Player, url: string, body: Record<string, unknown>) =>
      call(app.test, 'POST', url, player.token, body);
    const lucky = async (period: number) =>
      (await call(app.test, 'GET', `/api/app/game/luckyColor/state?period=${period}`)).data;

    it('sports and round settlements paying the players while they stake on every product: all go through', async () => {
      const finished = await createMatch(app);
      const upcoming = await createMatch(app);
      const home = pick(finished, 'winAlone', 'home');
      for (const player of players) expect((await bet(app, player, 5, [home])).http).toBe(200);

      const clock = Math.ceil((Date.now() + 1_000_000) / 900_000) * 900_000;
      await app.test.rounds.tick(new Date(clock));
      await app.test.rounds.tick(new Date(clock + 1));
      const short = await lucky(30);
      // Big and small cover every number: every player wins on the 30 s draw.
      for (const player of players) {
        for (const choice of ['big', 'small']) {
          const answer = await post(player, '/api/app/game/luckyColor/bet', {
            period: 30,
            issue: short.issue,
            amount: 1,
            pick: choice,
          });
          expect(answer.status, answer.message).toBe(200);
        }
      }
      await app.test.rounds.tick(new Date(clock + 25_000)); // the 30 s round stops taking bets
      const long = await lucky(60);
      expect(long.phase).toBe('betting');
      await postState(app, finished.matchId, {
        period: -1,
        score: { home: 2, away: 1 },
        halfTimeScore: { home: 1, away: 0 },
        corners: { home: 7, away: 4 },
        halfTimeCorners: { home: 4, away: 2 },
      });
      const before = await Promise.all(players.map((player) => balanceOf(app, player)));

      const settling = Promise.all([
        settle(app, finished.matchId),
        app.test.rounds.tick(new Date(clock + 30_000)),
      ]);
      const stakes = players.flatMap((player) => [
        post(player, '/api/app/game/dice/bet', { amount: 1, target: 50, direction: 'over' }),
        post(player, '/api/app/game/luckyColor/bet', {
          period: 60,
          issue: long.issue,
          amount: 1,
          pick: 'violet',
        }),
        post(player, '/api/app/game/mines/start', { amount: 1, mines: 3 }),
        bet(app, player, 1, [pick(upcoming, 'winAlone', 'away')]),
      ]);
      const answers = await Promise.all(stakes);
      const [settled] = await settling;
      for (const answer of answers) expect(answer.status, answer.message).toBe(200);
      expect(settled.data).toEqual({ settledBets: players.length });

      // Each player: −4 staked, + the dice payout, + R$ 10.50 from the single at 2.10, + 1.96 from the draw.
      for (const [n, player] of players.entries()) {
        const dice = answers[n * 4]!.data.payout as number;
        const after = await balanceOf(app, player);
        expect(Math.round(after.balance * 100), String(player.userId)).toBe(
          Math.round((before[n]!.balance - 4 + dice + 10.5 + 1.96) * 100),
        );
      }
      await expectLedgerClean(app);
    });
  },
);
