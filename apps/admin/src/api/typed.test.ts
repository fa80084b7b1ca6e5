import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const storage = new Map<string, string>();
const fakeSessionStorage = {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => storage.set(key, value),
  removeItem: (key: string) => storage.delete(key),
};

const { adminApi, adminPath } = await import('./typed.ts');

type Seen = { url: string; init: RequestInit };
function answer(data: unknown, seen: Seen[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(JSON.stringify({ status: 200, message: '', data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

describe('typed back-office calls (packages/contract admin-api.ts)', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', fakeSessionStorage));
  afterEach(() => vi.unstubAllGlobals());

  it('fills the path parameters, encoded', () => {
    expect(adminPath('POST /games/:productCode/:gameCode', { productCode: 'PG', gameCode: 'a b' })).toBe(
      '/games/PG/a%20b',
    );
    expect(() => adminPath('GET /players/:uId', {})).toThrow(':uId');
  });

  it('sends the method of the route, its body and its query, and answers the data', async () => {
    const seen: Seen[] = [];
    answer({ settledBets: 3 }, seen);
    const settled = await adminApi('POST /sports/matches/:matchId/settle', { params: { matchId: 9 } });
    expect(settled.settledBets).toBe(3);
    expect(seen[0]?.url).toBe('/api/admin/sports/matches/9/settle');
    expect(seen[0]?.init.method).toBe('POST');
    expect(seen[0]?.init.body).toBeUndefined();

    await adminApi('GET /reports/daily', { query: { from: '2026-01-01', to: '2026-01-31' } });
    expect(seen[1]?.url).toBe('/api/admin/reports/daily?from=2026-01-01&to=2026-01-31');
    expect(seen[1]?.init.method).toBe('GET');

    await adminApi('POST /withdrawals/:orderId/reject', {
      params: { orderId: 4 },
      body: { reason: 'duplicada' },
    });
    expect(seen[2]?.init.body).toBe('{"reason":"duplicada"}');
  });

  it('refuses at compile time a call without its parameters or body (type checks only)', () => {
    const never = () => {
      // @ts-expect-error the path parameter is required
      void adminApi('GET /players/:uId');
      // @ts-expect-error the body is required
      void adminApi('POST /withdrawals/:orderId/reject', { params: { orderId: 1 } });
      // @ts-expect-error not a route of the back office
      void adminApi('GET /nowhere');
    };
    expect(typeof never).toBe('function');
  });
});
