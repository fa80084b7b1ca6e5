import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityEmulators } from '../../src/modules/identity/index.ts';
import { createAdminApp, newOperator, ownerToken } from '../admin/helpers.ts';
import { TEST_DATABASE, type TestApp, testConfig } from '../harness.ts';
import { freshCpf } from '../rg/helpers.ts';
import { call, newPlayer as openPlayer, type Player } from '../wallet/helpers.ts';
import { SELFIE, TINY_SELFIE, uploadSelfie } from './selfie.ts';

/**
 * The KYC with the identity provider (issue 29 and 30, decision 0065) under br-licensed: the selfie is required,
 * the provider's answer (CPF standing, name and birth date, liveness and face similarity) is stored with the KYC,
 * a clean one is approved at once, anything else waits in the operator's queue, which shows the answer and the
 * selfie (each viewing audited).
 */
describe(`KYC with liveness and face match (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let risk: string;
  beforeAll(async () => {
    test = await createAdminApp({ identity: { ...testConfig().identity, timeoutMs: 1000 } });
    profile('br-licensed');
    const owner = await ownerToken(test);
    risk = (await newOperator(test, owner, ['risk'])).token;
  });
  afterAll(async () => test.close());
  // Players sign up under the open profile (this test is not about art. 31's sign-up fields), then KYC under br-licensed.
  const profile = (value: 'open' | 'br-licensed') => {
    (test.ctx.config as { regulatoryProfile: string }).regulatoryProfile = value;
  };
  const newPlayer = async () => {
    profile('open');
    try {
      return await openPlayer(test);
    } finally {
      profile('br-licensed');
    }
  };

  const submit = (player: Player, cpf: string, selfieId?: string) =>
    call(test, 'POST', '/api/app/user/updateKyc', player.token, {
      name: 'Maria da Silva',
      cardNo: cpf,
      birthDate: '1990-05-17',
      ...(selfieId ? { selfieId } : {}),
    });
  const row = (player: Player) =>
    test.ctx.db
      .selectFrom('users')
      .select(['kyc_status', 'kyc_check', 'kyc_selfie_id'])
      .where('id', '=', player.userId)
      .executeTakeFirstOrThrow();
  const queued = async (player: Player) => {
    const queue = await call(test, 'GET', '/api/admin/kyc?status=pending&size=100', risk);
    expect(queue.http, queue.message).toBe(200);
    return queue.data.records.find((record: { uId: number }) => record.uId === player.uId);
  };

  it('under br-licensed a KYC without a selfie is refused; with a live matching selfie it is approved', async () => {
    const player = await newPlayer();
    const cpf = freshCpf();
    expect(await submit(player, cpf)).toMatchObject({
      http: 400,
      message: 'Tire uma selfie para confirmar sua identidade',
    });
    const selfieId = await uploadSelfie(test, player.token);
    expect(await submit(player, cpf, selfieId)).toMatchObject({
      http: 200,
      message: 'Dados verificados com sucesso',
    });
    const stored = await row(player);
    expect(stored.kyc_status).toBe('approved');
    expect(stored.kyc_selfie_id).toBe(selfieId);
    expect(stored.kyc_check).toMatchObject({
      provider: 'datavalid',
      cpfStatus: 'regular',
      nameMatch: true,
      birthMatch: true,
      face: { available: true, live: true, probability: expect.stringContaining('probabilidade') },
    });
    // What reached the provider: pf-facial for this CPF, liveness asked.
    expect(identityEmulators.current?.calls.at(-1)).toMatchObject({
      path: 'pf-facial',
      cpf,
      outcome: 'clean',
    });
    // A selfie serves one KYC only.
    const again = await newPlayer();
    expect((await submit(again, freshCpf(), selfieId)).http).toBe(400);
  });

  it('a spoofed selfie waits for the operator, whose queue shows the failed liveness and the low score', async () => {
    const player = await newPlayer();
    const cpf = freshCpf();
    identityEmulators.current?.script(cpf, 'spoof');
    const answer = await submit(player, cpf, await uploadSelfie(test, player.token));
    expect(answer).toMatchObject({ http: 200, message: 'Dados recebidos: sua identidade está em análise' });
    const record = await queued(player);
    expect(record).toMatchObject({
      flags: ['liveness_failed'],
      selfie: true,
      check: {
        cpfStatus: 'regular',
        nameMatch: true,
        birthMatch: true,
        face: { available: true, live: false },
      },
    });
    expect(record.check.face.similarity).toBeLessThan(0.5);
    const image = await call(test, 'GET', `/api/admin/kyc/${player.uId}/selfie`, risk);
    expect(image.data.image).toBe(`data:image/jpeg;base64,${SELFIE.toString('base64')}`);
    const audit = await test.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('action', '=', 'kyc.selfie_view')
      .where('target', '=', `player:${player.uId}`)
      .execute();
    expect(audit).toHaveLength(1);
    // The operator decides, audited as before.
    const decided = await call(test, 'POST', `/api/admin/kyc/${player.uId}`, risk, {
      decision: 'reject',
      reason: 'selfie',
    });
    expect(decided.data).toMatchObject({ status: 'rejected', check: { face: { live: false } } });
  });

  it('the name, the birth date and the CPF standing of the registry are each flagged', async () => {
    const cases: [string, string[]][] = [
      ['7', ['name_mismatch']],
      ['9', ['birth_mismatch']],
      ['8', ['cpf_irregular']],
      ['6', ['face_mismatch']],
      ['5', ['face_unavailable']],
    ];
    for (const [digit, flags] of cases) {
      const player = await newPlayer();
      const answer = await submit(player, freshCpf(digit as '7'), await uploadSelfie(test, player.token));
      expect(answer.message, digit).toBe('Dados recebidos: sua identidade está em análise');
      expect((await queued(player))?.flags, digit).toEqual(flags);
    }
  });

  it('a provider that times out leaves the KYC pending with the reason for the operator', async () => {
    const emulator = identityEmulators.current!;
    emulator.holdMs = test.ctx.config.identity.timeoutMs + 2000;
    emulator.failNext('timeout');
    const player = await newPlayer();
    const answer = await submit(player, freshCpf(), await uploadSelfie(test, player.token));
    expect(answer.message).toBe('Dados recebidos: sua identidade está em análise');
    expect(await queued(player)).toMatchObject({
      flags: ['provider_unavailable'],
      check: { error: 'timeout' },
    });
  }, 30_000);

  it('a selfie too small or not a JPEG is refused at upload', async () => {
    const player = await newPlayer();
    const send = (image: string) => call(test, 'POST', '/api/app/identity/selfie', player.token, { image });
    expect((await send(TINY_SELFIE.toString('base64'))).message).toBe(
      'A selfie precisa ser uma foto JPEG do seu rosto (pelo menos 160 px de lado)',
    );
    expect((await send(Buffer.from('not a jpeg at all, really').toString('base64'))).http).toBe(400);
  });
});
