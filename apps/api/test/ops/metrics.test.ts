import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsText } from '../../src/platform/metrics.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { call, deposit, newPlayer } from '../wallet/helpers.ts';
import { sample } from './metrics-text.ts';

/**
 * Issue 31: the text Prometheus scrapes. The figures move with what players do (a deposit, a bet), per route
 * pattern, and the public port never serves them.
 */
describe(`/metrics text (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test?.close());

  const scrape = async () => (await metricsText()).body;

  it('counts a deposit and a bet, per route pattern and product, and reads the database at scrape time', async () => {
    const before = await scrape();
    const player = await newPlayer(test);
    await deposit(test, player, 50_00n);
    const bet = await call(test, 'POST', '/api/app/game/dice/bet', player.token, {
      amount: '2.50',
      target: 50,
      direction: 'under',
    });
    expect(bet.http, bet.message).toBe(200);
    const after = await scrape();

    const delta = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    expect(delta('aposta_bets_total{product="dice"}')).toBe(1);
    expect(delta('aposta_bet_stakes_cents_total{product="dice"}')).toBe(250);
    expect(delta('aposta_psp_webhooks_total{provider="apipix",result="accepted"}')).toBe(1);
    expect(
      delta('aposta_http_requests_total{method="POST",route="/api/app/order/prePay/:pkgId",status="2xx"}'),
    ).toBe(1);
    expect(
      sample(
        after,
        'aposta_http_request_duration_seconds_count{method="POST",route="/api/app/game/dice/bet"}',
      ),
    ).toBeGreaterThan(0);
    // The house took the stake (and paid any win): its game account moved; the deposit moved the PSP's clearing.
    expect(delta('aposta_house_balance_cents{account="house_game"}')).not.toBe(0);
    expect(delta('aposta_house_balance_cents{account="house_provider_clearing"}')).not.toBe(0);
    expect(sample(after, 'aposta_deposit_last_paid_timestamp_seconds')).toBeGreaterThan(
      Date.now() / 1000 - 120,
    );
    expect(sample(after, 'aposta_database_size_bytes')).toBeGreaterThan(0);
    expect(sample(after, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(after).not.toContain('aposta_metrics_query_failures_total{');
  });

  it("counts a slot provider's callback refused under HTTP 200 (an error body) as refused", async () => {
    const before = await scrape();
    const answer = await test.app.inject({
      method: 'POST',
      url: '/api/provider/pg/VerifySession',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'operator_token=wrong&secret_key=wrong&operator_player_session=nope',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().error).not.toBeNull();
    const after = await scrape();
    const series = 'aposta_slot_callbacks_total{provider="PG",result="refused"}';
    expect((sample(after, series) ?? 0) - (sample(before, series) ?? 0)).toBe(1);
  });

  it('labels unmatched URLs as one route, and the public app has no /metrics', async () => {
    const before = await scrape();
    const answer = await test.app.inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(404);
    await test.app.inject({ method: 'GET', url: '/api/no/such/route/12345' });
    const after = await scrape();
    expect(after).not.toContain('12345');
    expect(
      (sample(after, 'aposta_http_requests_total{method="GET",route="unmatched",status="4xx"}') ?? 0) -
        (sample(before, 'aposta_http_requests_total{method="GET",route="unmatched",status="4xx"}') ?? 0),
    ).toBe(2);
  });

  it("times calls to partners by host and outcome, over node:http (the PSP's client) and fetch", async () => {
    const partner = http.createServer((request, response) => {
      response.statusCode = request.url === '/down' ? 503 : 200;
      response.end('{}');
    });
    await new Promise<void>((resolve) => partner.listen(0, 'localhost', resolve));
    const { port } = partner.address() as AddressInfo;
    const count = (text: string, outcome: string) =>
      sample(
        text,
        `aposta_partner_request_duration_seconds_count{partner="localhost",outcome="${outcome}"}`,
      ) ?? 0;
    try {
      const before = await scrape();
      await new Promise<void>((resolve, reject) =>
        http
          .get(`http://localhost:${port}/down`, (response) => response.resume().on('end', resolve))
          .on('error', reject),
      );
      await (await fetch(`http://localhost:${port}/up`)).text();
      const after = await scrape();
      expect(count(after, '5xx') - count(before, '5xx')).toBe(1);
      expect(count(after, 'ok') - count(before, 'ok')).toBe(1);
    } finally {
      partner.close();
    }
  });
});
