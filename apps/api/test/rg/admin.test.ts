import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApp, newOperator, ownerToken } from '../admin/helpers.ts';
import { TEST_DATABASE, type TestApp } from '../harness.ts';
import { call, newPlayer } from '../wallet/helpers.ts';
import { freshCpf, passKyc } from './helpers.ts';

/** The back office sees a player's limits, breaks and identity check (permission players.read). */
describe(`responsible gambling in the back office (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createAdminApp();
  });
  afterAll(async () => test.close());

  it('shows limits, pending changes, exclusions and the identity check; a player token is refused', async () => {
    const owner = await ownerToken(test);
    const support = await newOperator(test, owner, ['support']);
    const marketing = await newOperator(test, owner, ['marketing']);
    const player = await newPlayer(test);
    await passKyc(test, player, { cpf: freshCpf('9'), birthDate: '1984-02-29' });
    await call(test, 'POST', '/api/app/rg/limits', player.token, { loss: { week: 300 }, sessionMinutes: 90 });
    await call(test, 'POST', '/api/app/rg/limits', player.token, { loss: { week: 500 } });
    await call(test, 'POST', '/api/app/rg/exclude', player.token, { period: '7d' });

    const answer = await call(test, 'GET', `/api/admin/players/${player.uId}/rg`, support.token);
    expect(answer.http, answer.message).toBe(200);
    expect(answer.data.limits.loss.week).toBe(300);
    expect(answer.data.limits.sessionMinutes).toBe(90);
    expect(answer.data.limits.pending).toMatchObject([{ kind: 'loss', period: 'week', value: 500 }]);
    expect(answer.data.exclusions).toMatchObject([{ period: '7d', active: true }]);
    expect(answer.data.birthDate).toBe('1984-02-29');
    // The identity check (Datavalid, decision 0065): the registry holds another birth date; it checks no PEP list.
    expect(answer.data.kycCheck).toEqual({ cpfStatus: 'regular', nameMatch: true, pep: false });

    // The KYC queue shows the reviewer why this one waits: the registry's birth date differs from the one given.
    const risk = await newOperator(test, owner, ['risk']);
    const queue = await call(test, 'GET', '/api/admin/kyc?status=pending', risk.token);
    expect(queue.data.records).toContainEqual(
      expect.objectContaining({ uId: player.uId, birthDate: '1984-02-29', flags: ['birth_mismatch'] }),
    );

    expect((await call(test, 'GET', `/api/admin/players/${player.uId}/rg`, marketing.token)).http).toBe(403);
    const someone = await newPlayer(test);
    expect((await call(test, 'GET', `/api/admin/players/${player.uId}/rg`, someone.token)).http).toBe(401);
    expect((await call(test, 'GET', '/api/admin/players/999999/rg', support.token)).http).toBe(404);
  });
});
