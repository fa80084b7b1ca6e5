// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { envelope, fakeApi, setUpComponentTests } from '../test-support';
import { playerApi, playerApiEnvelope, playerPath } from './player-api';

setUpComponentTests();

describe("the player app's typed calls", () => {
  it('fills and encodes path parameters, and refuses a missing one', () => {
    expect(
      playerPath('GET /api/app/game/luckyColor/rounds/:period/:issue', { period: 3, issue: 'a/b' }),
    ).toBe('/api/app/game/luckyColor/rounds/3/a%2Fb');
    expect(() => playerPath('GET /api/app/activities/:id')).toThrow(':id');
  });

  it('sends the method, path, query and body the route names, and answers with the data', async () => {
    const asked: { method: string; url: URL; body: unknown }[] = [];
    fakeApi((url, init) => {
      asked.push({ method: init?.method ?? 'GET', url, body: init?.body });
      return envelope({ ok: true }, 200, 'feito');
    });
    await expect(
      playerApi('GET /api/app/sports/matches', { query: { live: 1, page: 2 }, loading: false, silent: true }),
    ).resolves.toEqual({ ok: true });
    await playerApi('POST /api/app/sports/bets/:betId/cashout', {
      params: { betId: 9 },
      body: { quoteId: 4, fraction: 1 },
      loading: false,
    });
    const answer = await playerApiEnvelope('POST /api/app/rg/exclude', {
      body: { period: '7d' },
      loading: false,
    });
    expect(answer.message).toBe('feito');
    expect(asked.map(({ method, url }) => `${method} ${url.pathname}${url.search}`)).toEqual([
      'GET /api/app/sports/matches?live=1&page=2',
      'POST /api/app/sports/bets/9/cashout',
      'POST /api/app/rg/exclude',
    ]);
    expect(JSON.parse(String(asked[1]!.body))).toEqual({ quoteId: 4, fraction: 1 });
  });
});
