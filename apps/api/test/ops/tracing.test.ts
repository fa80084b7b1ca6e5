import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { sql } from 'kysely';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpsTransport } from '../../src/modules/payments/apipix/pix-http.ts';
import { inSpan, startTracing, stopTracing } from '../../src/platform/tracing.ts';
import { newPlayer, type Player } from '../games/helpers.ts';
import { createTestApp, TEST_DATABASE, type TestApp, testConfig } from '../harness.ts';
import { newPlayer as newWalletPlayer, packageOf, prePay } from '../wallet/helpers.ts';

/**
 * Traces (issue 31, decision 0048): a bet placed over HTTP and a PSP webhook delivery each make one trace, parent
 * to child: the HTTP server span, the service's span, its SQL statements and the push to the player's socket; the
 * caller's fetch is a client span whose `traceparent` the server continues, as are calls to partners (the PSP's
 * node:http client, fetch). A service's log line inside a request carries the request id and the trace id. With
 * tracing off, no span is made and everything still answers; with an OTLP endpoint, spans reach it over HTTP.
 */
describe(`traces (${TEST_DATABASE})`, () => {
  const exporter = new InMemorySpanExporter();
  const lines: Record<string, unknown>[] = [];
  const sockets: Socket[] = [];
  let test: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    await startTracing({ serviceName: 'aposta-test', exporter });
    test = await createTestApp(
      { logLevel: 'info' },
      {
        logStream: { write: (line) => void lines.push(JSON.parse(line)) },
        beforeReady: ({ app, ctx }) => {
          // A service's log line: written with the app's logger (ctx.log), not the request's.
          app.get('/api/test/service-log', async () => {
            await Promise.resolve();
            ctx.log.info({ probe: true }, 'service work inside a request');
            return { ok: true };
          });
        },
      },
    );
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await test?.close();
    await stopTracing();
  });

  /** An open socket of the player, so that the balance push has somewhere to go. */
  async function connect(player: Player): Promise<void> {
    const socket = io(baseUrl, {
      path: '/gamecenter-siop',
      query: { token: player.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  }

  const spans = () => exporter.getFinishedSpans();
  const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
  const idOf = (span: ReadableSpan) => span.spanContext().spanId;
  const traceOf = (span: ReadableSpan) => span.spanContext().traceId;

  /** The finished spans named `name` that `match` accepts, once there are `count` (pushes end after the answer). */
  async function waitForSpans(name: string, match: (span: ReadableSpan) => boolean = () => true, count = 1) {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const found = spans().filter((span) => span.name === name && match(span));
      if (found.length >= count) return found;
      if (Date.now() > deadline) {
        throw new Error(`no span ${name}; have: ${spans().map((span) => span.name)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** The one finished span named `name` that `match` accepts. */
  async function waitForSpan(name: string, match: (span: ReadableSpan) => boolean = () => true) {
    const found = await waitForSpans(name, match);
    expect(found.map((span) => span.name)).toEqual([name]);
    return found[0] as ReadableSpan;
  }

  /** Whether `ancestor` is `span`'s parent, grandparent… within the exported spans. */
  function descendsFrom(span: ReadableSpan, ancestor: ReadableSpan): boolean {
    const byId = new Map(spans().map((each) => [idOf(each), each]));
    for (let parent = parentOf(span); parent !== undefined; parent = parentOf(byId.get(parent)!)) {
      if (parent === idOf(ancestor)) return true;
      if (!byId.has(parent)) return false;
    }
    return false;
  }

  it('traces a bet: fetch → HTTP server → service → SQL, and the push, in one trace', async () => {
    const player = await newPlayer(test, 10_000n);
    await connect(player);
    exporter.reset();
    const response = await fetch(`${baseUrl}/api/app/game/dice/bet`, {
      method: 'POST',
      headers: { authorization: player.token, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 5, target: 50, direction: 'under' }),
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id');

    const server = await waitForSpan('POST /api/app/game/dice/bet');
    const client = await waitForSpan(`POST 127.0.0.1:${new URL(baseUrl).port}`);
    const service = await waitForSpan('games.instantBet');
    // insBalance, then updateUserInfo (balancePushed): both after the commit, both in the request's trace.
    const pushes = await waitForSpans('realtime.push', (span) => traceOf(span) === traceOf(server));

    // The server continued the caller's traceparent.
    expect(parentOf(server)).toBe(idOf(client));
    expect(traceOf(server)).toBe(traceOf(client));
    expect(server.attributes['http.response.status_code']).toBe(200);
    expect(server.attributes['http.route']).toBe('/api/app/game/dice/bet');
    if (requestId) expect(server.attributes['request.id']).toBe(requestId);
    expect(parentOf(service)).toBe(idOf(server));

    const statements = spans().filter((span) => parentOf(span) === idOf(service));
    const insert = statements.find((span) =>
      String(span.attributes['db.statement']).includes('INSERT INTO game_bets'),
    );
    expect(insert, statements.map((span) => span.name).join()).toBeDefined();
    expect(insert!.attributes['db.system']).toBe('postgresql');
    // Placeholders, never the values: the player's id is not in the text.
    expect(String(insert!.attributes['db.statement'])).toContain('$1');
    expect(statements.some((span) => span.name === 'COMMIT')).toBe(true);
    for (const statement of statements) expect(traceOf(statement)).toBe(traceOf(server));

    for (const push of pushes) expect(descendsFrom(push, service)).toBe(true);
  });

  it('traces a PSP webhook delivery: HTTP server → webhook handler → SQL, and the paySuccess push', async () => {
    const player = await newWalletPlayer(test);
    const order = await prePay(test, player, await packageOf(test, 2_000n), 0);
    exporter.reset();
    expect(await test.payer.pay(order.payNo)).toBe('paid');

    const server = await waitForSpan('POST /api/pay/webhook/:provider/pix');
    const handler = await waitForSpan('payments.webhook');
    expect(parentOf(handler)).toBe(idOf(server));
    expect(traceOf(handler)).toBe(traceOf(server));
    const statements = spans().filter(
      (span) => descendsFrom(span, handler) && span.attributes['db.statement'],
    );
    expect(statements.some((span) => String(span.attributes['db.statement']).includes('UPDATE'))).toBe(true);
    expect(statements.some((span) => span.name === 'COMMIT')).toBe(true);
    const pushes = await waitForSpans('realtime.push', (span) => traceOf(span) === traceOf(server));
    for (const push of pushes) expect(descendsFrom(push, handler)).toBe(true);
  });

  it('puts the request id and the trace id on a service log line inside the request', async () => {
    exporter.reset();
    const response = await test.app.inject({
      url: '/api/test/service-log',
      headers: { 'x-request-id': 'req-trace-0001' },
    });
    expect(response.statusCode).toBe(200);
    const server = await waitForSpan('GET /api/test/service-log');
    const line = lines.find((each) => each.probe === true);
    expect(line).toMatchObject({ reqId: 'req-trace-0001', trace_id: traceOf(server), span_id: idOf(server) });
    // The request's own lines carry its id once (the logger prints it; the mixin does not add it twice).
    const own = lines.find((each) => each.reqId === 'req-trace-0001' && each.msg === 'request completed');
    expect(own).toBeDefined();
  });

  it('gives calls to a partner (the PSP client over node:http, fetch) client spans and a traceparent', async () => {
    const seen: string[] = [];
    const partner = http.createServer((request, response) => {
      seen.push(String(request.headers.traceparent));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
      const psp = httpsTransport({ baseUrl: base, timeoutMs: 5_000 });
      exporter.reset();
      await inSpan('caller', async () => {
        expect((await psp({ method: 'GET', path: '/v2/cob/abc?token=secret', headers: {} })).status).toBe(
          200,
        );
        expect((await fetch(`${base}/slots/callback`)).status).toBe(200);
      });
      psp.close();
      const caller = await waitForSpan('caller');
      const clients = await waitForSpans(`GET ${new URL(base).host}`, () => true, 2);
      for (const client of clients) {
        expect(parentOf(client)).toBe(idOf(caller));
        expect(client.attributes['http.response.status_code']).toBe(200);
      }
      expect(seen).toEqual(clients.map((client) => `00-${traceOf(caller)}-${idOf(client)}-01`));
      // The query (a token, a player's data) stays out of the span.
      expect(clients[0]!.attributes['url.full']).toBe(`${base}/v2/cob/abc`);
    } finally {
      partner.close();
    }
  });

  it('makes no span for a statement or a push outside any trace (the background loops)', async () => {
    exporter.reset();
    await sql`SELECT 1`.execute(test.ctx.db);
    test.ctx.realtime.broadcast('notice', { probe: true });
    await test.ctx.db.transaction().execute(async (trx) => sql`SELECT 2`.execute(trx));
    expect(spans()).toEqual([]);
  });

  it('with tracing off, makes no span and still answers, logs keeping the request id', async () => {
    await stopTracing();
    exporter.reset();
    const player = await newPlayer(test, 10_000n);
    const bet = await test.app.inject({
      method: 'POST',
      url: '/api/app/game/dice/bet',
      headers: { authorization: player.token },
      payload: { amount: 5, target: 50, direction: 'under' },
    });
    expect(bet.statusCode).toBe(200);
    const payer = await newWalletPlayer(test);
    const order = await prePay(test, payer, await packageOf(test, 2_000n), 0);
    expect(await test.payer.pay(order.payNo)).toBe('paid');
    const logged = await test.app.inject({
      url: '/api/test/service-log',
      headers: { 'x-request-id': 'req-untraced-01' },
    });
    expect(logged.statusCode).toBe(200);
    expect(spans()).toEqual([]);
    const line = lines.find((each) => each.probe === true && each.reqId === 'req-untraced-01');
    expect(line).toBeDefined();
    expect(line).not.toHaveProperty('trace_id');
  });

  it('exports over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT, flushed when the app closes', async () => {
    const received: { url: string; type: string; body: string }[] = [];
    const collector = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          url: request.url ?? '',
          type: String(request.headers['content-type']),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
      const exported = await createTestApp({ ops: { ...testConfig().ops, otlpEndpoint: endpoint } });
      const answer = await exported.app.inject({ url: '/api/health' });
      expect(answer.statusCode).toBe(200);
      await exported.close();
      expect(received.length).toBeGreaterThan(0);
      expect(received.every((each) => each.url === '/v1/traces')).toBe(true);
      expect(received.map((each) => each.body).join()).toContain('GET /api/health');
      // Its own export calls are not traced (no span about sending spans).
      expect(received.map((each) => each.body).join()).not.toContain('/v1/traces');
    } finally {
      await stopTracing();
      collector.close();
    }
  });
});
