import type { OperatorRole } from '@aposta/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlayer, TEST_DATABASE, type TestApp } from '../harness.ts';
import { call, createAdminApp, newOperator, type Operator, ownerToken } from './helpers.ts';

/**
 * The role table of api-contract section 12, written out here on its own (not read from the server's table):
 * owner everything; finance deposits, withdrawals, adjustments, ledger, reports (and player look-ups to adjust);
 * risk players, KYC, limits, withdrawal review; support players read-only and the chat; trader sportsbook and game
 * catalogue; marketing notices; the support settings are the owner's. Each call targets a missing id or sends a bad body, so an allowed call changes
 * nothing and answers 404/400/200, and a refused one answers 403.
 */
const ROLES: OperatorRole[] = ['finance', 'risk', 'support', 'trader', 'marketing'];
const none: OperatorRole[] = [];

const CALLS: {
  method: 'GET' | 'POST';
  url: string;
  body?: Record<string, unknown>;
  allowed: OperatorRole[];
}[] = [
  { method: 'GET', url: '/api/admin/operators', allowed: none },
  { method: 'POST', url: '/api/admin/operators', body: { username: 'x' }, allowed: none },
  { method: 'POST', url: '/api/admin/operators/999999', body: { status: 'active' }, allowed: none },
  { method: 'GET', url: '/api/admin/players?q=a', allowed: ['risk', 'support', 'finance'] },
  { method: 'GET', url: '/api/admin/players/999999', allowed: ['risk', 'support', 'finance'] },
  { method: 'GET', url: '/api/admin/players/999999/ledger', allowed: ['risk', 'support', 'finance'] },
  { method: 'GET', url: '/api/admin/players/999999/bets', allowed: ['risk', 'support', 'finance'] },
  { method: 'GET', url: '/api/admin/players/999999/orders', allowed: ['risk', 'support', 'finance'] },
  { method: 'GET', url: '/api/admin/players/999999/sessions', allowed: ['risk', 'support', 'finance'] },
  { method: 'POST', url: '/api/admin/players/999999/flags', body: { lx: '10' }, allowed: ['risk'] },
  {
    method: 'POST',
    url: '/api/admin/players/999999/adjust',
    body: { account: 'cash' },
    allowed: ['finance'],
  },
  { method: 'GET', url: '/api/admin/kyc?status=pending', allowed: ['risk'] },
  { method: 'POST', url: '/api/admin/kyc/999999', body: { decision: 'approve' }, allowed: ['risk'] },
  { method: 'GET', url: '/api/admin/withdrawals?status=review', allowed: ['finance', 'risk'] },
  { method: 'POST', url: '/api/admin/withdrawals/999999/approve', allowed: ['finance', 'risk'] },
  {
    method: 'POST',
    url: '/api/admin/withdrawals/999999/reject',
    body: { reason: 'test' },
    allowed: ['finance', 'risk'],
  },
  { method: 'GET', url: '/api/admin/deposits', allowed: ['finance'] },
  { method: 'GET', url: '/api/admin/packages', allowed: ['finance'] },
  { method: 'POST', url: '/api/admin/packages', body: { price: 'x' }, allowed: ['finance'] },
  { method: 'POST', url: '/api/admin/packages/999999', body: { sort: 1 }, allowed: ['finance'] },
  { method: 'GET', url: '/api/admin/games', allowed: ['trader'] },
  { method: 'POST', url: '/api/admin/games/SELF/nope', body: { stop: true }, allowed: ['trader'] },
  { method: 'GET', url: '/api/admin/notices', allowed: ['marketing'] },
  { method: 'POST', url: '/api/admin/notices', body: { title: '' }, allowed: ['marketing'] },
  { method: 'POST', url: '/api/admin/notices/999999', body: { enabled: false }, allowed: ['marketing'] },
  { method: 'GET', url: '/api/admin/reports/daily?from=2026-01-01&to=2026-01-02', allowed: ['finance'] },
  { method: 'GET', url: '/api/admin/ledger/check', allowed: ['finance'] },
  { method: 'GET', url: '/api/admin/ledger/journal?code=deposit', allowed: ['finance'] },
  { method: 'GET', url: '/api/admin/audit', allowed: none },
  { method: 'GET', url: '/api/admin/chat/conversations?status=open', allowed: ['support'] },
  { method: 'GET', url: '/api/admin/chat/conversations/999999/messages', allowed: ['support'] },
  {
    method: 'POST',
    url: '/api/admin/chat/conversations/999999/messages',
    body: { text: 'olá' },
    allowed: ['support'],
  },
  {
    method: 'POST',
    url: '/api/admin/chat/conversations/999999/read',
    body: { upTo: 1 },
    allowed: ['support'],
  },
  { method: 'POST', url: '/api/admin/chat/conversations/999999/close', allowed: ['support'] },
  { method: 'POST', url: '/api/admin/chat/conversations/999999/reopen', allowed: ['support'] },
  {
    method: 'POST',
    url: '/api/admin/chat/conversations/999999/assign',
    body: { operatorId: null },
    allowed: ['support'],
  },
  { method: 'GET', url: '/api/admin/chat/agents', allowed: ['support'] },
  { method: 'GET', url: '/api/admin/chat/canned', allowed: ['support'] },
  { method: 'POST', url: '/api/admin/chat/canned', body: { title: '' }, allowed: ['support'] },
  { method: 'POST', url: '/api/admin/chat/canned/999999', body: { title: '' }, allowed: ['support'] },
  { method: 'POST', url: '/api/admin/chat/canned/999999/delete', allowed: ['support'] },
  { method: 'GET', url: '/api/admin/support/settings', allowed: none },
  { method: 'POST', url: '/api/admin/support/settings', body: { onlineBase: -1 }, allowed: none },
  { method: 'GET', url: '/api/admin/sports/matches?status=all', allowed: ['trader'] },
  { method: 'GET', url: '/api/admin/sports/matches/999999/markets', allowed: ['trader'] },
  { method: 'POST', url: '/api/admin/sports/matches', body: { sport: 'nope' }, allowed: ['trader'] },
  { method: 'POST', url: '/api/admin/sports/matches/999999/settle', allowed: ['trader'] },
  {
    method: 'POST',
    url: '/api/admin/sports/markets/999999/status',
    body: { status: 'open' },
    allowed: ['trader'],
  },
];

describe(`back office role matrix (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let owner: string;
  const operators = new Map<OperatorRole, Operator>();
  let playerToken: string;

  beforeAll(async () => {
    test = await createAdminApp();
    owner = await ownerToken(test);
    for (const role of ROLES) operators.set(role, await newOperator(test, owner, [role]));
    playerToken = (await registerPlayer(test)).token;
  });
  afterAll(async () => test.close());

  const cases = CALLS.flatMap((entry) =>
    (['owner', ...ROLES] as OperatorRole[]).map((role) => ({ ...entry, role })),
  );

  it.each(cases)('$role → $method $url', async ({ method, url, body, allowed, role }) => {
    const token = role === 'owner' ? owner : operators.get(role)!.token;
    const answer = await call(test, method, url, token, body);
    if (role === 'owner' || allowed.includes(role)) {
      expect(answer.http, `${answer.status} ${answer.message}`).not.toBe(403);
      expect([200, 400, 404]).toContain(answer.http);
      expect(answer.status).toBe(answer.http);
    } else {
      expect(answer.http).toBe(403);
      expect(answer.status).toBe(403);
      expect(answer.message).toBe('Seu perfil de operador não permite esta ação');
    }
  });

  it.each(CALLS)('a player token and no token are 401 on $method $url', async ({ method, url, body }) => {
    for (const token of [playerToken, undefined]) {
      const answer = await call(test, method, url, token, body);
      expect(answer.http).toBe(401);
      expect(answer.status).toBe(40101);
    }
  });

  it('a combination of roles gets the union of their calls', async () => {
    const both = await newOperator(test, owner, ['trader', 'marketing']);
    expect((await call(test, 'GET', '/api/admin/games', both.token)).http).toBe(200);
    expect((await call(test, 'GET', '/api/admin/notices', both.token)).http).toBe(200);
    expect((await call(test, 'GET', '/api/admin/deposits', both.token)).http).toBe(403);
    const me = await call(test, 'GET', '/api/admin/me', both.token);
    expect(me.data).toMatchObject({
      username: both.username,
      roles: ['trader', 'marketing'],
      totpEnabled: false,
    });
  });

  it('every /api/admin answer says no-store, refusals included', async () => {
    for (const token of [owner, operators.get('support')!.token, undefined]) {
      const response = await test.app.inject({
        method: 'GET',
        url: '/api/admin/deposits',
        headers: token ? { authorization: token } : {},
      });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});
