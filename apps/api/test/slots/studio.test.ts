import { SLOT_GAMES } from '@aposta/slots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerHttp } from '../../src/modules/slots/provider-http.ts';
import { syncCatalog } from '../../src/modules/slots/slots.service.ts';
import { fundPlayer } from '../games/fund.ts';
import { auth, createTestApp, registerPlayer, type TestApp } from '../harness.ts';
import { balances, expectLedgerClean } from './helpers.ts';

/**
 * The built-in studio end to end over real HTTP: the catalogue follows its game lists, a launch answers its
 * page, and the page's spins settle with the wallet in each provider's protocol, also when it misbehaves.
 */
describe('the built-in studio', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    await test.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await expectLedgerClean(test);
    await test.close();
  });

  it('fills the catalogue from the three providers game lists; main and the list show them', async () => {
    const counts = await syncCatalog(test.ctx, providerHttp(test.app));
    for (const provider of ['PG', 'EVO', 'BG'] as const)
      expect(counts[provider]).toBe(SLOT_GAMES.filter((game) => game.provider === provider).length);
    const main = (await test.app.inject({ url: '/api/app/main/main' })).json().data;
    expect(main.PG.records.length).toBeGreaterThanOrEqual(4);
    expect(main.PG.records[0]).toMatchObject({ productCode: 'PG', gameType: 'SLOT', stop: false });
    const list = (await test.app.inject({ url: '/api/app/game/list?productCode=EVO&size=100' })).json().data;
    expect(list.total).toBe(counts.EVO);
    expect(list.records[0].rtp).toBeGreaterThan(0.9);
    const search = (
      await test.app.inject({
        url: `/api/app/game/list?q=${encodeURIComponent(SLOT_GAMES[0]!.name.slice(0, 5))}`,
      })
    ).json().data;
    expect(search.records.map((record: { value: string }) => record.value)).toContain(SLOT_GAMES[0]!.code);
    // Unfiltered (/gg's "Todos"): the house games first, then PG, EVO and BG, all counted.
    const all = (await test.app.inject({ url: '/api/app/game/list?size=100' })).json().data;
    // Seven in-house games (crash the seventh).
    expect(all.total).toBe(7 + counts.PG + counts.EVO + counts.BG);
    const groups = all.records.map((record: { productCode: string }) => record.productCode);
    expect(groups.slice(0, 7)).toEqual(Array(7).fill('SELF'));
    expect([...new Set(groups)]).toEqual(['SELF', 'PG', 'EVO', 'BG']);
    const house = (await test.app.inject({ url: '/api/app/game/list?productCode=SELF' })).json().data;
    expect(house.records.map((record: { value: string }) => record.value)).toEqual([
      'mines',
      'dice',
      'limbo',
      'luckyColor',
      'rowDouble',
      'double',
      'crash',
    ]);
  });

  for (const provider of ['PG', 'EVO', 'BG'] as const) {
    it(`${provider}: launch opens the studio page, and spins settle with the wallet until the balance moves`, async () => {
      const game = SLOT_GAMES.find((candidate) => candidate.provider === provider)!;
      const { token } = await registerPlayer(test);
      await fundPlayer(test, token, 500_00n);
      const launched = await test.app.inject({
        method: 'POST',
        url: '/api/app/game/launch',
        headers: auth(token),
        payload: { productCode: provider, value: game.code },
      });
      expect(launched.statusCode).toBe(200);
      let url = launched.json().data.url as string;
      if (provider === 'PG') {
        const redirect = await test.app.inject({ url });
        expect(redirect.statusCode).toBe(302);
        url = redirect.headers.location as string;
      }
      expect(url).toMatch(new RegExp(`^/studio/${provider}/play\\?`));
      const params = new URL(url, 'http://x').searchParams;
      const session = params.get('session')!;
      const base = `/studio/${provider}`;
      const info = await test.app.inject({ url: `${base}/api/game?session=${session}&game=${game.code}` });
      expect(info.json()).toMatchObject({ balance: '50000', currency: 'BRL', game: { code: game.code } });

      let balance = 500_00n;
      let won = false;
      for (let spin = 0; spin < 60 && !won; spin++) {
        const answer = await test.app.inject({
          method: 'POST',
          url: `${base}/api/spin`,
          payload: { session, game: game.code, bet: String(game.minBet) },
        });
        expect(answer.statusCode).toBe(200);
        const body = answer.json() as { outcome: { win: string }; balance: string };
        balance = BigInt(body.balance);
        won = BigInt(body.outcome.win) > 0n;
      }
      expect(won).toBe(true);
      expect(await balances(test, token)).toEqual({ cashCents: balance, bonusCents: 0n });
      await expectLedgerClean(test);

      // Misbehaving: copies of each call and a delayed win change nothing of the rule "each spin once".
      await test.app.inject({
        method: 'POST',
        url: '/studio/control',
        payload: { session, misbehave: ['duplicate'] },
      });
      const copied = await test.app.inject({
        method: 'POST',
        url: `${base}/api/spin`,
        payload: { session, game: game.code, bet: String(game.minBet) },
      });
      const after = BigInt(copied.json().balance);
      expect(await balances(test, token)).toEqual({ cashCents: after, bonusCents: 0n });
      // Unsigned calls are refused: the spin fails and nothing moves.
      await test.app.inject({
        method: 'POST',
        url: '/studio/control',
        payload: { session, misbehave: ['unsigned'] },
      });
      const unsigned = await test.app.inject({
        method: 'POST',
        url: `${base}/api/spin`,
        payload: { session, game: game.code, bet: String(game.minBet) },
      });
      expect(unsigned.statusCode).toBeGreaterThanOrEqual(400);
      expect(await balances(test, token)).toEqual({ cashCents: after, bonusCents: 0n });
      await test.app.inject({ method: 'POST', url: '/studio/control', payload: { session, misbehave: [] } });

      // Leaving the game closes the session: the page's next paid spin is refused. A free-spin feature already
      // under way is a round the player has paid for, so the studio may finish it (stake 0) before the refusal.
      await test.app.inject({ url: '/api/app/game/stopGame', headers: auth(token) });
      const spinAfterClose = () =>
        test.app.inject({
          method: 'POST',
          url: `${base}/api/spin`,
          payload: { session, game: game.code, bet: String(game.minBet) },
        });
      let closed = await spinAfterClose();
      for (let featureSpins = 0; closed.statusCode === 200 && featureSpins < 100; featureSpins++) {
        expect(closed.json().outcome, closed.body).toMatchObject({ freeSpin: true, stake: '0' });
        closed = await spinAfterClose();
      }
      expect(closed.json(), closed.body).toMatchObject({ error: 'session_closed' });
      await expectLedgerClean(test);
    });
  }

  it('BG and EVO: a bet rolled back before its win, and a rollback sent before its bet, both leave the balance whole', async () => {
    for (const provider of ['BG', 'EVO'] as const) {
      const game = SLOT_GAMES.find((candidate) => candidate.provider === provider)!;
      const { token } = await registerPlayer(test);
      await fundPlayer(test, token, 100_00n);
      const launched = await test.app.inject({
        method: 'POST',
        url: '/api/app/game/launch',
        headers: auth(token),
        payload: { productCode: provider, value: game.code },
      });
      const session = new URL(launched.json().data.url, 'http://x').searchParams.get('session')!;
      const base = `/studio/${provider}`;
      await test.app.inject({ url: `${base}/api/game?session=${session}&game=${game.code}` });
      for (const mode of ['rolled_back', 'out_of_order']) {
        await test.app.inject({
          method: 'POST',
          url: '/studio/control',
          payload: { session, misbehave: [mode] },
        });
        const answer = await test.app.inject({
          method: 'POST',
          url: `${base}/api/spin`,
          payload: { session, game: game.code, bet: String(game.minBet) },
        });
        expect(answer.json()).toMatchObject({ error: 'wallet_error' });
        expect(await balances(test, token)).toEqual({ cashCents: 100_00n, bonusCents: 0n });
      }
    }
    await expectLedgerClean(test);
  });
});
