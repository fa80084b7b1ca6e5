import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerPlayer, TEST_DATABASE, type TestApp } from './harness.ts';

/**
 * Random input at every body field of the calls a player or an operator can make: strings of any code point
 * (NUL included), numbers that overflow ("1e400", 400 nines), arrays, objects, nulls, in JSON and in the form
 * encoding. Whatever arrives, the answer is the envelope and never the generic 500 of an unexpected fault
 * (500 with 9999 or 1403 is the contract's answer for a refused bet, transfer or withdrawal, and stays allowed).
 */
const ADMIN = { username: 'fuzz-operator', password: 'operador-fuzz-2024' };

const nasty = fc.constantFrom(
  '1e400',
  '9'.repeat(400),
  '-0',
  'NaN',
  'Infinity',
  '1.000',
  '1e0',
  '100e-2',
  '\u0000',
  'a\u0000b',
  '%E0%A4%A',
  '0x14',
  ' 20',
  '',
  ' ',
  '💸',
  '\uD800',
  "'; DROP TABLE users; --",
);
const scalar = fc.oneof(
  nasty,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.bigInt().map(String),
  fc.boolean(),
  fc.constant(null),
);
const anyValue = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
);
const selections = fc.oneof(
  anyValue,
  fc.array(fc.record({ selectionId: anyValue, odds: anyValue }), { maxLength: 3 }),
);

interface Target {
  url: string;
  fields: string[];
  who: 'player' | 'operator' | 'nobody';
}

const TARGETS: Target[] = [
  {
    url: '/api/auth/user/restRegister',
    fields: ['username', 'pwd', 'pwd1', 'codeId', 'captCode', 'name', 'phone', 'regcode', 'isapp'],
    who: 'nobody',
  },
  { url: '/api/auth/user/restLogin', fields: ['username', 'pwd', 'codeId', 'captCode'], who: 'nobody' },
  { url: '/api/app/main/RESETPWD/checkEmail', fields: ['email', 'code'], who: 'nobody' },
  { url: '/api/app/main/setPwd', fields: ['nPwd', 'chkId'], who: 'nobody' },
  { url: '/api/admin/auth/login', fields: ['username', 'password'], who: 'nobody' },
  { url: '/api/app/user/updateKyc', fields: ['name', 'cardNo'], who: 'player' },
  { url: '/api/app/order/transfer', fields: ['toUser', 'amount'], who: 'player' },
  {
    url: '/api/app/order/withdraw',
    fields: ['payCardBank', 'payCardNo', 'ifsc', 'name', 'whatsapp', 'amount'],
    who: 'player',
  },
  { url: '/api/app/order/prePay/1', fields: ['gift', 'isapp'], who: 'player' },
  { url: '/api/app/game/dice/bet', fields: ['amount', 'target', 'direction'], who: 'player' },
  { url: '/api/app/game/limbo/bet', fields: ['amount', 'target'], who: 'player' },
  { url: '/api/app/game/mines/start', fields: ['amount', 'mines'], who: 'player' },
  { url: '/api/app/game/mines/reveal', fields: ['gameId', 'tile'], who: 'player' },
  { url: '/api/app/game/mines/cashout', fields: ['gameId'], who: 'player' },
  { url: '/api/app/fair/rotate', fields: ['clientSeed'], who: 'player' },
  { url: '/api/app/sports/bet', fields: ['amount', 'selections', 'acceptOdds'], who: 'player' },
  {
    url: '/api/admin/sports/matches',
    fields: ['sport', 'league', 'home', 'away', 'startTime', 'markets'],
    who: 'operator',
  },
];

function bodyFor(target: Target) {
  const entries = target.fields.map((field) =>
    fc
      .option(field === 'selections' ? selections : anyValue, { nil: undefined })
      .map((value) => [field, value]),
  );
  return fc
    .tuple(...entries)
    .map((pairs) => Object.fromEntries(pairs.filter(([, value]) => value !== undefined)));
}

describe(`fuzzing the bodies (${TEST_DATABASE})`, () => {
  let test: TestApp;
  const tokens: Record<Target['who'], string | undefined> = {
    player: undefined,
    operator: undefined,
    nobody: undefined,
  };
  beforeAll(async () => {
    test = await createTestApp({ adminUsername: ADMIN.username, adminPassword: ADMIN.password });
    tokens.player = (await registerPlayer(test)).token;
    const operator = await test.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: ADMIN });
    tokens.operator = operator.json().data.access_token;
  });
  afterAll(async () => test.close());

  for (const target of TARGETS) {
    it(`${target.url}: never an unexpected 500, always the envelope`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyFor(target), fc.boolean(), async (body, asForm) => {
          const token = tokens[target.who];
          const response = await test.app.inject({
            method: 'POST',
            url: target.url,
            headers: {
              ...(token ? { authorization: token } : {}),
              'content-type': asForm ? 'application/x-www-form-urlencoded' : 'application/json',
            },
            payload: asForm
              ? new URLSearchParams(
                  Object.entries(body).map(([key, value]) => [
                    key,
                    typeof value === 'object' ? JSON.stringify(value) : String(value),
                  ]),
                ).toString()
              : JSON.stringify(body),
          });
          const envelope = response.json();
          expect(typeof envelope.status, response.body).toBe('number');
          expect(typeof envelope.message, response.body).toBe('string');
          expect('data' in envelope, response.body).toBe(true);
          expect(envelope.status, `${JSON.stringify(body)} → ${response.body}`).not.toBe(500);
          if (response.statusCode >= 500) expect([9999, 1403]).toContain(envelope.status);
        }),
        { numRuns: 40 },
      );
    });
  }
});
