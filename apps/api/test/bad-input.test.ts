import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerPlayer, TEST_DATABASE, type TestApp } from './harness.ts';

/**
 * Input that used to reach the database or BigInt and come back as an unexpected 500: each is a 400 (or, for a
 * path the router refuses, a 414) in the envelope, naming the field in the caller's language.
 */
const ADMIN = { username: 'operador-bad-input', password: 'operador-secreto-123' };

describe(`bad input is a 400, never a 500 (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let player = '';
  let operator = '';
  beforeAll(async () => {
    test = await createTestApp({ adminUsername: ADMIN.username, adminPassword: ADMIN.password });
    player = (await registerPlayer(test)).token;
    const login = await test.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: ADMIN });
    operator = login.json().data.access_token;
  });
  afterAll(async () => test.close());

  const send = async (
    method: 'GET' | 'POST',
    url: string,
    token: string,
    payload?: object,
    lang?: string,
  ) => {
    const response = await test.app.inject({
      method,
      url,
      headers: { authorization: token, ...(lang ? { lang } : {}) },
      ...(payload ? { payload } : {}),
    });
    return { http: response.statusCode, ...response.json() };
  };

  it('a NUL character in any string field', async () => {
    const cases: [string, object, string][] = [
      ['/api/app/user/updateKyc', { name: 'Ana\u0000', cardNo: '52998224725' }, 'name'],
      ['/api/app/order/transfer', { toUser: 'a\u0000b', amount: 5 }, 'toUser'],
      [
        '/api/app/order/withdraw',
        { payCardBank: 'CPF', payCardNo: '52998224725', whatsapp: '1\u0000' },
        'whatsapp',
      ],
      ['/api/app/order/withdraw', { payCardBank: 'CPF', payCardNo: '52998224725', ifsc: '\u0000' }, 'ifsc'],
      ['/api/app/fair/rotate', { clientSeed: 'seed\u0000' }, 'clientSeed'],
    ];
    for (const [url, payload, field] of cases) {
      const answer = await send('POST', url, player, payload);
      expect(answer, url).toEqual({
        http: 400,
        status: 400,
        message: `Campo "${field}" inválido: contém um caractere nulo`,
        data: null,
      });
    }
    const en = await send(
      'POST',
      '/api/app/order/transfer',
      player,
      { toUser: '\u0000', amount: 5 },
      'en_US',
    );
    expect(en.message).toBe('Invalid field "toUser": it contains a NUL character');
  });

  it('an id that overflows to Infinity ("1e400", 400 nines)', async () => {
    for (const gameId of ['1e400', '9'.repeat(400)]) {
      for (const [url, payload] of [
        ['/api/app/game/mines/reveal', { gameId, tile: 1 }],
        ['/api/app/game/mines/cashout', { gameId }],
      ] as const) {
        const answer = await send('POST', url, player, payload);
        expect(answer.http, `${url} ${String(gameId).slice(0, 10)}`).toBe(400);
        expect(answer.message).toBe('Campo "gameId" inválido: número fora do intervalo permitido');
      }
    }
  });

  it('an operator match with a null team or an absurd start time', async () => {
    const match = {
      sport: 'football',
      league: 'Liga',
      home: 'A',
      away: 'B',
      startTime: Date.now() + 3_600_000,
    };
    const cases: [object, string][] = [
      [{ ...match, home: null }, 'home'],
      [{ ...match, away: null }, 'away'],
      [{ ...match, startTime: 8_640_000_000_000 }, 'startTime'],
      [{ ...match, startTime: 1 }, 'startTime'],
      [{ ...match, startTime: '1e400' }, 'startTime'],
    ];
    for (const [payload, field] of cases) {
      const answer = await send('POST', '/api/admin/sports/matches', operator, { ...payload, markets: [] });
      expect(answer.http, JSON.stringify(payload)).toBe(400);
      expect(answer.message).toContain(`"${field}"`);
    }
  });

  it('router refusals answer in the envelope: a bad percent-encoding, a too long path parameter', async () => {
    const badEncoding = await send('GET', '/api/app/order/getStatus/%E0%A4%A', player);
    expect(badEncoding).toEqual({
      http: 400,
      status: 400,
      message: 'O endereço da requisição não é válido',
      data: null,
    });
    const tooLong = await send(
      'GET',
      `/api/app/order/getStatus/${'9'.repeat(400)}`,
      player,
      undefined,
      'en_US',
    );
    expect(tooLong).toEqual({
      http: 414,
      status: 414,
      message: 'The request address is too long',
      data: null,
    });
  });
});
