import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { completeCpf } from '../../../../packages/brazil/src/test-generators.ts';
import { DatavalidProvider, fetchTransport } from '../../src/modules/identity/datavalid.client.ts';
import { DatavalidEmulator } from '../../src/modules/identity/datavalid.emulator.ts';
import { datavalidEmulatorRoutes } from '../../src/modules/identity/datavalid-emulator.routes.ts';
import { SELFIE, TINY_SELFIE } from './selfie.ts';

/**
 * The Datavalid adapter against the emulator of the same protocol over real HTTP (decision 0065): a clean answer,
 * each kind of mismatch, a spoofed selfie, a timeout, an expired token, and the emulator refusing what the
 * published shapes do not allow.
 */
describe('Datavalid adapter against its emulator', () => {
  const emulator = new DatavalidEmulator({ clientId: 'id', clientSecret: 'secret' });
  const server = Fastify({ logger: false, forceCloseConnections: true });
  let base = '';
  let counter = 0;
  const cpf = (first: string) => completeCpf(`${first}${String(++counter).padStart(8, '0')}`);
  const provider = (timeoutMs = 2000, secret = 'secret') =>
    new DatavalidProvider({
      transport: fetchTransport(base),
      clientId: 'id',
      clientSecret: secret,
      tokenPath: '/token',
      apiPath: '/datavalid/v4',
      timeoutMs,
    });
  const person = { name: 'Maria da Silva', birthDate: '1990-05-17' };

  beforeAll(async () => {
    await server.register(formbody);
    datavalidEmulatorRoutes(server, emulator, '');
    base = await server.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => server.close());
  beforeEach(() => {
    emulator.holdMs = 30_000;
  });

  it('a regular CPF, its name and birth date, a live selfie of its face: everything matches', async () => {
    const check = await provider().check({ cpf: cpf('1'), ...person, selfie: SELFIE });
    expect(check).toMatchObject({
      provider: 'datavalid',
      cpfStatus: 'regular',
      nameMatch: true,
      birthMatch: true,
    });
    expect(check.face).toMatchObject({ available: true, live: true });
    expect(check.face?.similarity).toBeGreaterThanOrEqual(0.9);
    // What went over the wire: pf-facial with liveness asked and the JPEG as sent.
    const sent = emulator.calls.at(-1)!;
    expect(sent.path).toBe('pf-facial');
  });

  it('name, birth date and CPF standing each come back as the registry sees them', async () => {
    const p = provider();
    expect(await p.check({ cpf: cpf('7'), ...person, selfie: SELFIE })).toMatchObject({ nameMatch: false });
    expect(await p.check({ cpf: cpf('9'), ...person, selfie: SELFIE })).toMatchObject({ birthMatch: false });
    expect(await p.check({ cpf: cpf('8'), ...person, selfie: SELFIE })).toMatchObject({
      cpfStatus: 'irregular',
    });
    const noSelfie = await p.check({ cpf: cpf('2'), ...person });
    expect(noSelfie).toMatchObject({ cpfStatus: 'regular', nameMatch: true, face: null });
    expect(emulator.calls.at(-1)!.path).toBe('pf-basica');
  });

  it('a spoofed selfie fails liveness with a low score; another face or none on record is told apart', async () => {
    const p = provider();
    const spoof = await p.check({ cpf: cpf('4'), ...person, selfie: SELFIE });
    expect(spoof.face).toMatchObject({
      available: true,
      live: false,
      probability: 'Baixíssima probabilidade',
    });
    expect(spoof.face?.similarity).toBeLessThan(0.5);
    const other = await p.check({ cpf: cpf('6'), ...person, selfie: SELFIE });
    expect(other.face).toMatchObject({ available: true, live: true });
    expect(other.face?.similarity).toBeLessThan(0.85);
    const none = await p.check({ cpf: cpf('5'), ...person, selfie: SELFIE });
    expect(none.face).toEqual({ available: false, live: null, similarity: null, probability: null });
  });

  it('a provider that does not answer in time, or answers 503, leaves the check to the operator', async () => {
    emulator.holdMs = 1500;
    emulator.failNext('timeout');
    const started = Date.now();
    expect(await provider(300).check({ cpf: cpf('1'), ...person, selfie: SELFIE })).toMatchObject({
      error: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(1400);
    emulator.failNext('unavailable');
    expect(await provider().check({ cpf: cpf('1'), ...person })).toMatchObject({ error: 'unavailable' });
  });

  it('an expired token is renewed once and the check goes through; wrong credentials are refused', async () => {
    const p = provider();
    await p.check({ cpf: cpf('1'), ...person });
    emulator.failNext('token_expired');
    expect(await p.check({ cpf: cpf('1'), ...person })).toMatchObject({
      cpfStatus: 'regular',
      nameMatch: true,
    });
    expect(await provider(2000, 'wrong').check({ cpf: cpf('1'), ...person })).toMatchObject({
      error: 'refused',
    });
  });

  it('the emulator is strict: no token, a bad CPF, unknown fields, a bad date or image are refused', async () => {
    const token = emulator.issueToken(
      `Basic ${Buffer.from('id:secret').toString('base64')}`,
      'application/x-www-form-urlencoded',
      { grant_type: 'client_credentials' },
    ).access_token;
    const post = (body: unknown, bearer = token) =>
      fetch(`${base}/datavalid/v4/pf-facial`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const face = { formato: 'JPG', vivacidade: true, base64: SELFIE.toString('base64') };
    expect((await post({ cpf: cpf('1'), validacao: { biometria_facial: face } }, 'nope')).status).toBe(401);
    const badCpf = await post({ cpf: '12345678900', validacao: { biometria_facial: face } });
    expect([badCpf.status, await badCpf.text()]).toEqual([400, 'cpf : valor inválido']);
    const bad = await post({
      cpf: cpf('1'),
      extra: 1,
      validacao: {
        data_nascimento: '1990-02-30',
        biometria_facial: { ...face, base64: TINY_SELFIE.toString('base64') },
      },
    });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { property: string }[]).map((v) => v.property)).toEqual([
      'extra',
      'validacao.data_nascimento',
      'validacao.biometria_facial.base64',
    ]);
    const noFace = await post({ cpf: cpf('1'), validacao: { nome: 'Ana' } });
    expect(noFace.status).toBe(422);
  });
});
