import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerPlayer, TEST_DATABASE, type TestApp } from './harness.ts';

/**
 * A lone UTF-16 surrogate (half of a pair, "\uD800" in JSON) in any string a client sends (issue 27): no text
 * column and no UTF-8 encoder can hold it, and an operator's award title or team name with one was a 500. Every
 * route refuses it before validation with a 400 naming the field, in the caller's language.
 */
const ADMIN = { username: 'operador-surrogate', password: 'operador-secreto-123' };
const MESSAGE_PT = (field: string) => `Campo "${field}" inválido: contém um caractere inválido`;

describe(`a lone surrogate in a string is a 400, never a 500 (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let player = '';
  let playerId = 0;
  let operator = '';
  beforeAll(async () => {
    test = await createTestApp({ adminUsername: ADMIN.username, adminPassword: ADMIN.password });
    player = (await registerPlayer(test)).token;
    const info = await test.app.inject({ url: '/api/app/user/userInfo', headers: { authorization: player } });
    playerId = Number(info.json().data.uId);
    const login = await test.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: ADMIN });
    operator = login.json().data.access_token;
  });
  afterAll(async () => test.close());

  const send = async (url: string, token: string, payload: object, lang?: string) => {
    const response = await test.app.inject({
      method: 'POST',
      url,
      headers: { authorization: token, ...(lang ? { lang } : {}) },
      payload,
    });
    return { http: response.statusCode, ...response.json() };
  };
  const match = () => ({
    sport: 'football',
    league: 'Liga',
    home: 'Flamengo',
    away: 'Palmeiras',
    startTime: Date.now() + 3_600_000,
    markets: [],
  });

  it("an operator's award title", async () => {
    for (const title of ['Bônus \uD800', '\uDC00', 'a\uDBFFb']) {
      const answer = await send('/api/admin/awards', operator, { uIds: [playerId], title, amount: 1 });
      expect(answer, JSON.stringify(title)).toEqual({
        http: 400,
        status: 400,
        message: MESSAGE_PT('title'),
        data: null,
      });
    }
    // A whole pair (an emoji) is a character like any other.
    const emoji = await send('/api/admin/awards', operator, {
      uIds: [playerId],
      title: 'Bônus 🎁',
      amount: 1,
    });
    expect(emoji.http, emoji.message).toBe(200);
  });

  it("an operator's team names, in the operator's language", async () => {
    for (const field of ['home', 'away'] as const) {
      const answer = await send('/api/admin/sports/matches', operator, {
        ...match(),
        [field]: 'Time \uD83D',
      });
      expect(answer).toEqual({ http: 400, status: 400, message: MESSAGE_PT(field), data: null });
    }
    const en = await send('/api/admin/sports/matches', operator, { ...match(), home: '\uDE00' }, 'en_US');
    expect(en.message).toBe('Invalid field "home": it contains an invalid character');
  });

  /** Routes of players and operators with a valid body, and the string fields a surrogate goes into. */
  const targets: { url: string; who: 'player' | 'operator'; body: () => object; fields: string[] }[] = [
    {
      url: '/api/app/user/updateKyc',
      who: 'player',
      body: () => ({ name: 'Ana Souza', cardNo: '52998224725' }),
      fields: ['name', 'cardNo'],
    },
    {
      url: '/api/app/order/transfer',
      who: 'player',
      body: () => ({ toUser: 'amigo@aposta.dev', amount: 5 }),
      fields: ['toUser'],
    },
    {
      url: '/api/app/fair/rotate',
      who: 'player',
      body: () => ({ clientSeed: 'semente' }),
      fields: ['clientSeed'],
    },
    {
      url: '/api/app/game/dice/bet',
      who: 'player',
      body: () => ({ amount: 1, target: 50, direction: 'under' }),
      fields: ['direction'],
    },
    {
      url: '/api/admin/awards',
      who: 'operator',
      body: () => ({ uIds: [playerId], title: 'Presente', amount: 1 }),
      fields: ['title'],
    },
    { url: '/api/admin/sports/matches', who: 'operator', body: match, fields: ['league', 'home', 'away'] },
  ];

  it('anywhere in any string field of players and operators (property)', async () => {
    const loneSurrogate = fc.oneof(
      fc.integer({ min: 0xd800, max: 0xdbff }),
      fc.integer({ min: 0xdc00, max: 0xdfff }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        fc.nat(),
        fc.string({ maxLength: 12 }),
        loneSurrogate,
        fc.nat(),
        async (target, pick, text, unit, at) => {
          const field = target.fields[pick % target.fields.length]!;
          const cut = at % (text.length + 1);
          // Not next to a surrogate of the other half, which would make a whole pair.
          const value = `${text.slice(0, cut).replace(/[\uD800-\uDFFF]$/, '')}${String.fromCharCode(unit)}${text.slice(cut).replace(/^[\uD800-\uDFFF]/, '')}`;
          const answer = await send(target.url, target.who === 'player' ? player : operator, {
            ...target.body(),
            [field]: value,
          });
          expect(answer, `${target.url} ${field} ${JSON.stringify(value)}`).toEqual({
            http: 400,
            status: 400,
            message: MESSAGE_PT(field),
            data: null,
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('in an object key and in a query string', async () => {
    const key = await send('/api/admin/awards', operator, {
      uIds: [playerId],
      title: 'x',
      amount: 1,
      '\uD800': 1,
    });
    expect(key.http).toBe(400);
    expect(key.status).toBe(400);
    const query = await test.app.inject({
      url: `/api/app/game/bets?game=${encodeURIComponent('dice')}%ED%A0%80`,
      headers: { authorization: player },
    });
    expect(query.statusCode).toBeLessThan(500);
  });
});
