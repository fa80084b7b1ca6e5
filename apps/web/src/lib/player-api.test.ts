// @vitest-environment happy-dom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLAYER_API } from '@aposta/contract';
import { describe, expect, it } from 'vitest';
import { envelope, fakeApi, setUpComponentTests } from '../test-support';
import { playerApi, playerApiEnvelope, playerPath } from './player-api';

setUpComponentTests();

const apiSource = join(import.meta.dirname, '..', '..', '..', 'api', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `GET /api/app/…` for every `app.get('/api/…'` and `app.post(\n '/api/…'` the server declares. */
function serverRoutes(): Set<string> {
  const routes = new Set<string>();
  for (const file of sourceFiles(apiSource)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\.(get|post)\(\s*'(\/api\/[^']+)'/g)) {
      routes.add(`${match[1]!.toUpperCase()} ${match[2]}`);
    }
  }
  return routes;
}

describe("the player app's typed calls", () => {
  it('lists only routes the server declares, with their method and path as written there', () => {
    const served = serverRoutes();
    expect(served.size).toBeGreaterThan(50);
    expect(Object.keys(PLAYER_API).filter((route) => !served.has(route))).toEqual([]);
  });

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
