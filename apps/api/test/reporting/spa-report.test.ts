import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayWindow, previousBrazilDay } from '../../src/modules/reporting/brazil-day.ts';
import { reportingClock } from '../../src/modules/reporting/clock.ts';
import { SPA_REPORT_JOB, scheduleDailyJobs } from '../../src/modules/reporting/index.ts';
import { call, createAdminApp, newOperator, ownerToken } from '../admin/helpers.ts';
import type { TestApp } from '../harness.ts';
import { runJobsNow } from '../wallet/helpers.ts';
import {
  insertExclusion,
  insertGameBet,
  insertOrder,
  insertSlotRound,
  insertSportsBet,
  insertUser,
} from './fixtures.ts';

/**
 * The SPA's daily report (issue 30, decision 0054): one São Paulo day, known rows on both sides of its
 * boundaries (03:00 UTC), exact files and sums, checksums that verify, an idempotent rerun, the finance role.
 */
const DAY = '2026-03-10';
const START = '2026-03-10T03:00:00.000Z';
const LAST_MS = '2026-03-11T02:59:59.999Z';
const BEFORE = '2026-03-10T02:59:59.999Z';
const AFTER = '2026-03-11T03:00:00.000Z';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

let test: TestApp;
let finance: string;
let support: string;
const ids: Record<string, bigint> = {};

async function download(token: string, name: string) {
  return call(test, 'GET', `/api/admin/reports/spa/${DAY}/files/${name}`, token);
}

beforeAll(async () => {
  test = await createAdminApp({ regulatoryProfile: 'br-licensed' });
  const owner = await ownerToken(test);
  finance = (await newOperator(test, owner, ['finance'])).token;
  support = (await newOperator(test, owner, ['support'])).token;
  ids.a = await insertUser(test, START, { cpf: '52998224725' });
  ids.b = await insertUser(test, BEFORE);
  ids.c = await insertUser(test, LAST_MS);
  ids.t = await insertUser(test, '2026-03-10T12:00:00Z', { testFlag: true });
  ids.bet1 = await insertGameBet(test, ids.a, {
    amount: 1000,
    payout: 1950,
    createdAt: BEFORE,
    settledAt: START,
  });
  await insertGameBet(test, ids.a, { amount: 400, payout: 0, createdAt: BEFORE, settledAt: BEFORE });
  await insertGameBet(test, ids.a, { amount: 300, payout: 0, createdAt: START, settledAt: null });
  ids.bet4 = await insertGameBet(test, ids.c, {
    amount: 250,
    payout: 0,
    createdAt: LAST_MS,
    settledAt: LAST_MS,
  });
  await insertGameBet(test, ids.t, { amount: 9900, payout: 0, createdAt: START, settledAt: START });
  ids.sport = await insertSportsBet(test, ids.a, {
    stake: 500,
    payout: 0,
    createdAt: '2026-03-08T10:00:00Z',
    settledAt: '2026-03-10T20:00:00Z',
  });
  ids.slot = await insertSlotRound(test, ids.c, {
    stake: 300,
    win: 120,
    createdAt: '2026-03-10T23:00:00Z',
    closedAt: '2026-03-10T23:00:01Z',
    status: 'closed',
  });
  await insertSlotRound(test, ids.c, {
    stake: 700,
    win: 0,
    createdAt: '2026-03-10T23:10:00Z',
    closedAt: '2026-03-10T23:10:01Z',
    status: 'rolled_back',
  });
  ids.dep = await insertOrder(test, ids.a, {
    type: '10',
    status: '10',
    amount: 5000,
    createdAt: BEFORE,
    finishedAt: '2026-03-10T03:00:05Z',
  });
  await insertOrder(test, ids.a, {
    type: '10',
    status: '10',
    amount: 7000,
    createdAt: LAST_MS,
    finishedAt: AFTER,
  });
  await insertOrder(test, ids.a, {
    type: '10',
    status: '00',
    amount: 8000,
    createdAt: START,
    finishedAt: null,
  });
  await insertOrder(test, ids.a, {
    type: '10',
    status: '-01',
    amount: 9000,
    createdAt: START,
    finishedAt: START,
  });
  ids.wdPaid = await insertOrder(test, ids.a, {
    type: '11',
    status: '10',
    amount: 2000,
    createdAt: START,
    finishedAt: '2026-03-10T15:00:00Z',
  });
  ids.wdRefused = await insertOrder(test, ids.c, {
    type: '11',
    status: '01',
    amount: 700,
    createdAt: START,
    finishedAt: LAST_MS,
  });
  await insertOrder(test, ids.c, {
    type: '11',
    status: '00',
    amount: 600,
    createdAt: START,
    finishedAt: null,
  });
  ids.excl = await insertExclusion(test, ids.a, { period: 'permanent', startsAt: START, endsAt: null });
  await insertExclusion(test, ids.b, {
    period: '7d',
    startsAt: BEFORE,
    endsAt: '2026-03-17T02:59:59.999Z',
  });
}, 120_000);

afterAll(async () => {
  reportingClock.now = () => new Date();
  await test?.close();
});

describe('the São Paulo day', () => {
  it('runs from 03:00 UTC to 03:00 UTC the next day, and the job reports the day before', () => {
    expect(dayWindow(DAY)).toEqual({ start: new Date(START), end: new Date(AFTER) });
    expect(previousBrazilDay(new Date(AFTER))).toBe(DAY);
    // 02:59 UTC on the 11th is still the 10th in São Paulo: yesterday there is the 9th.
    expect(previousBrazilDay(new Date(LAST_MS))).toBe('2026-03-09');
  });
});

describe('the daily SPA report', () => {
  it('is produced by the daily job for the previous São Paulo day', async () => {
    reportingClock.now = () => new Date('2026-03-11T03:30:00Z');
    await scheduleDailyJobs(test.ctx);
    await scheduleDailyJobs(test.ctx);
    const jobs = await test.ctx.db
      .selectFrom('jobs')
      .select(['payload'])
      .where('kind', '=', SPA_REPORT_JOB)
      .execute();
    expect(jobs.map((job) => job.payload)).toEqual([{ day: DAY }]);
    await runJobsNow(test);
    const list = await call(test, 'GET', `/api/admin/reports/spa?from=${DAY}&to=${DAY}`, finance);
    expect(list.http, list.message).toBe(200);
    expect(list.data.enabled).toBe(true);
    expect(list.data.reports).toHaveLength(1);
    expect(list.data.reports[0]).toMatchObject({
      referenceDay: DAY,
      layout: 'aposta-spa-draft-v1',
      revision: 1,
    });
  });

  it('holds exactly the day’s rows and sums in each file', async () => {
    const bets = (await download(finance, 'apostas.csv')).data.content as string;
    expect(bets.split('\n')).toEqual([
      'id_aposta;produto;id_apostador;colocada_em_utc;liquidada_em_utc;valor_aposta_centavos;valor_aposta_reais;valor_premio_centavos;valor_premio_reais',
      `originals-${ids.bet1};originals;${ids.a};${BEFORE};${START};1000;10.00;1950;19.50`,
      `originals-${ids.bet4};originals;${ids.c};${LAST_MS};${LAST_MS};250;2.50;0;0.00`,
      `slots-${ids.slot};slots;${ids.c};2026-03-10T23:00:00.000Z;2026-03-10T23:00:01.000Z;300;3.00;120;1.20`,
      `sports-${ids.sport};sports;${ids.a};2026-03-08T10:00:00.000Z;2026-03-10T20:00:00.000Z;500;5.00;0;0.00`,
      '',
    ]);
    const players = (await download(finance, 'apostadores.csv')).data.content as string;
    expect(players.split('\n')).toEqual([
      'id_apostador;cadastrado_em_utc;cpf;situacao_kyc;situacao_conta',
      `${ids.a};${START};52998224725;none;active`,
      `${ids.c};${LAST_MS};;none;active`,
      '',
    ]);
    const deposits = (await download(finance, 'depositos.csv')).data.content as string;
    expect(deposits.split('\n')).toEqual([
      'id_deposito;id_apostador;criado_em_utc;pago_em_utc;valor_centavos;valor_reais;meio',
      `${ids.dep};${ids.a};${BEFORE};2026-03-10T03:00:05.000Z;5000;50.00;apipix`,
      '',
    ]);
    const withdrawals = (await download(finance, 'saques.csv')).data.content as string;
    expect(withdrawals.split('\n')).toEqual([
      'id_saque;id_apostador;solicitado_em_utc;concluido_em_utc;situacao;valor_centavos;valor_reais;tipo_chave_pix',
      `${ids.wdPaid};${ids.a};${START};2026-03-10T15:00:00.000Z;pago;2000;20.00;CPF`,
      `${ids.wdRefused};${ids.c};${START};${LAST_MS};recusado;700;7.00;CPF`,
      '',
    ]);
    const exclusions = (await download(finance, 'autoexclusoes.csv')).data.content as string;
    expect(exclusions.split('\n')).toEqual([
      'id_autoexclusao;id_apostador;periodo;inicio_utc;fim_utc',
      `${ids.excl};${ids.a};permanent;${START};`,
      '',
    ]);
    const manifest = JSON.parse((await download(finance, 'manifest.json')).data.content);
    expect(manifest).toMatchObject({
      layout: 'aposta-spa-draft-v1',
      referenceDay: DAY,
      timeZone: 'America/Sao_Paulo',
      windowStartUtc: START,
      windowEndUtc: AFTER,
    });
    const totals = Object.fromEntries(
      manifest.files.map((file: { name: string; totals: unknown }) => [file.name, file.totals]),
    );
    expect(totals).toEqual({
      'apostas.csv': { valor_aposta_centavos: '2050', valor_premio_centavos: '2070' },
      'apostadores.csv': {},
      'depositos.csv': { valor_centavos: '5000' },
      'saques.csv': { valor_centavos: '2700' },
      'autoexclusoes.csv': {},
    });
  });

  it('states a checksum and a row count in the manifest that the downloaded files verify', async () => {
    const manifestFile = (await download(finance, 'manifest.json')).data;
    const manifest = JSON.parse(manifestFile.content);
    const list = await call(test, 'GET', `/api/admin/reports/spa?from=${DAY}&to=${DAY}`, finance);
    expect(list.data.reports[0].manifestSha256).toBe(sha256(manifestFile.content));
    expect(manifest.files).toHaveLength(5);
    for (const entry of manifest.files) {
      const file = (await download(finance, entry.name)).data;
      expect(sha256(file.content)).toBe(entry.sha256);
      expect(file.sha256).toBe(entry.sha256);
      expect(file.content.split('\n').length - 2).toBe(entry.rows);
    }
  });

  it('gives the same files and checksums when run again, and a new revision only when the day changed', async () => {
    const before = (await download(finance, 'manifest.json')).data.content;
    const again = await call(test, 'POST', `/api/admin/reports/spa/${DAY}/run`, finance);
    expect(again.http, again.message).toBe(200);
    expect(again.data.changed).toBe(false);
    expect(again.data.report.revision).toBe(1);
    expect((await download(finance, 'manifest.json')).data.content).toBe(before);
    // A late deposit confirmation inside the day: the rerun replaces the files and says so.
    await insertOrder(test, ids.c ?? 0n, {
      type: '10',
      status: '10',
      amount: 1,
      createdAt: START,
      finishedAt: START,
    });
    const late = await call(test, 'POST', `/api/admin/reports/spa/${DAY}/run`, finance);
    expect(late.data).toMatchObject({ changed: true, report: { revision: 2 } });
    const deposits = late.data.report.files.find((file: { name: string }) => file.name === 'depositos.csv');
    expect(deposits).toMatchObject({ rows: 2, totals: { valor_centavos: '5001' } });
  });

  it('is listed and downloaded by finance only, and every download is audited', async () => {
    expect((await call(test, 'GET', `/api/admin/reports/spa?from=${DAY}&to=${DAY}`, support)).http).toBe(403);
    expect((await download(support, 'apostas.csv')).http).toBe(403);
    expect((await call(test, 'POST', `/api/admin/reports/spa/${DAY}/run`, support)).http).toBe(403);
    expect((await download('not-a-token', 'apostas.csv')).http).toBe(401);
    expect((await download(finance, 'missing.csv')).http).toBe(404);
    const audit = await test.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'operator_username'])
      .where('action', 'like', 'spa_report.%')
      .execute();
    expect(audit.filter((row) => row.action === 'spa_report.download').length).toBeGreaterThanOrEqual(6);
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'spa_report.run', target: `spa_report:${DAY}` }),
    );
    expect(audit.every((row) => row.operator_username.includes('finance'))).toBe(true);
  });
});
