import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJsonBody } from '../src/http/json-body.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from './harness.ts';
import { balances, deposit, newPlayer, type Player } from './wallet/helpers.ts';

/**
 * api-contract section 1: a request amount is a number or a numeric string with at most 2 decimals; anything
 * else is a 400, never rounded. JSON number literals are judged as written (`1.000`, `1e0` are refused although
 * JSON.parse makes them 1), and a one-element array is not a number.
 */
describe(`amounts as the contract reads them (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let sender: Player;
  let receiver: Player;
  beforeAll(async () => {
    test = await createTestApp();
    sender = await newPlayer(test);
    receiver = await newPlayer(test);
    await deposit(test, sender, 10_000n);
  });
  afterAll(async () => test.close());

  const transferRaw = (payload: string, contentType = 'application/json') =>
    test.app.inject({
      method: 'POST',
      url: '/api/app/order/transfer',
      headers: { authorization: sender.token, 'content-type': contentType },
      payload,
    });

  it('refuses JSON number literals with an exponent, more than 2 decimals, or that a double would round', async () => {
    for (const literal of [
      '1e0',
      '100e-2',
      '1.000',
      '1.0000000000000001',
      '1E2',
      '2.001',
      '-1',
      '[1]',
      '["1"]',
    ]) {
      const response = await transferRaw(`{"toUser":"${receiver.username}","amount":${literal}}`);
      expect(response.statusCode, literal).toBe(400);
      expect(response.json().message, literal).toMatch(/"amount"/);
    }
    expect(await balances(test, receiver)).toEqual({ balance: 0, freeBalance: 0 });
  });

  it('refuses the same in the form encoding, and a repeated field', async () => {
    for (const form of ['amount=1e0', 'amount=1.000', 'amount=100e-2', 'amount=1&amount=1', 'amount= 1']) {
      const response = await transferRaw(
        `toUser=${encodeURIComponent(receiver.username)}&${form}`,
        'application/x-www-form-urlencoded',
      );
      expect(response.statusCode, form).toBe(400);
    }
    expect(await balances(test, receiver)).toEqual({ balance: 0, freeBalance: 0 });
  });

  it('accepts numbers and numeric strings with at most 2 decimals', async () => {
    for (const literal of ['1', '1.5', '1.50', '"2.25"', '"3"']) {
      const response = await transferRaw(`{"toUser":"${receiver.username}","amount":${literal}}`);
      expect(response.statusCode, literal).toBe(200);
    }
    expect(await balances(test, receiver)).toEqual({ balance: 9.25, freeBalance: 0 });
  });

  it('refuses one-element arrays for a bet amount, a selection id or odds', async () => {
    const bet = (payload: object) =>
      test.app.inject({
        method: 'POST',
        url: '/api/app/sports/bet',
        headers: { authorization: sender.token },
        payload,
      });
    const cases = [
      { amount: [1], selections: [{ selectionId: 1, odds: 1.5 }] },
      { amount: 1, selections: [{ selectionId: [1], odds: 1.5 }] },
      { amount: 1, selections: [{ selectionId: 1, odds: [1.5] }] },
    ];
    for (const payload of cases) expect((await bet(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    const dice = await test.app.inject({
      method: 'POST',
      url: '/api/app/game/dice/bet',
      headers: { authorization: sender.token, 'content-type': 'application/json' },
      payload: '{"amount":1e0,"target":50,"direction":"under"}',
    });
    expect(dice.statusCode).toBe(400);
  });

  it('the JSON reader keeps the written text of money fields only, and refuses prototype keys', () => {
    expect(parseJsonBody('{"amount":1.000,"target":1.000,"list":[{"amount":1e0}]}')).toEqual({
      amount: '1.000',
      target: 1,
      list: [{ amount: '1e0' }],
    });
    expect(() => parseJsonBody('{"__proto__":{"x":1}}')).toThrow();
    expect(() => parseJsonBody('{"constructor":{"prototype":{"x":1}}}')).toThrow();
  });
});
