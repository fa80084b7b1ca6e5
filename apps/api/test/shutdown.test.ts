import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_BYPASS, sharedPostgresDatabase, TEST_DATABASE, uniqueEmail } from './harness.ts';
import { eventually, type Node, openSocket, register, startNode } from './scaling/nodes.ts';

/**
 * A real server process stopped with SIGTERM while a request is still arriving (decision 0045): /health/ready
 * answers 503 at once, the listener closes after the drain, the open request still completes 200, the player's
 * socket is closed the way that makes socket.io-client reconnect, and the process exits 0.
 */
describe(`graceful shutdown of a server process (${TEST_DATABASE})`, () => {
  let node: Node | undefined;
  let dataDir: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    let env: Record<string, string>;
    if (TEST_DATABASE === 'postgres') {
      const database = await sharedPostgresDatabase();
      dropDatabase = database.drop;
      env = { DATABASE_URL: database.url };
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-shutdown-'));
      env = { DATA_DIR: dataDir };
    }
    node = await startNode({ ...env, SHUTDOWN_DRAIN_SECONDS: '1', SHUTDOWN_TIMEOUT_SECONDS: '30' });
  });
  afterAll(async () => {
    await node?.stop();
    await dropDatabase?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('drains: ready 503 first, the open request finishes 200, sockets told to reconnect, exit 0', async () => {
    const server = node as Node;
    const { port } = new URL(server.base);
    const player = await register(server.base);
    const { socket, events } = await openSocket(server.base, player.token);
    let disconnectReason: string | undefined;
    socket.on('disconnect', (reason) => {
      disconnectReason = reason;
    });
    expect((await fetch(`${server.base}/health/ready`)).status).toBe(200);

    // A registration whose body is only half sent: the server has started it and waits for the rest.
    const username = uniqueEmail('draining');
    const body = JSON.stringify({
      username,
      pwd: 'Segredo-forte-91',
      pwd1: 'Segredo-forte-91',
      codeId: 1,
      captCode: CAPTCHA_BYPASS,
    });
    const half = Math.floor(body.length / 2);
    const slow = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/auth/user/restRegister',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-request-id': 'slow-registration',
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      slow.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      slow.on('error', reject);
    });
    slow.write(body.slice(0, half));
    await eventually(
      () =>
        server
          .logMessages()
          .some((line) => line.msg === 'incoming request' && line.reqId === 'slow-registration'),
      10_000,
      'the slow request reached the server',
    );

    const exited = new Promise<number | null>((resolve) =>
      server.process.once('exit', (code) => resolve(code)),
    );
    server.process.kill('SIGTERM');
    // Ready fails at once, while the process still answers everything else.
    await eventually(
      async () => (await fetch(`${server.base}/health/ready`)).status === 503,
      5_000,
      'ready answers 503',
    );
    const ready = await (await fetch(`${server.base}/health/ready`)).json();
    expect(ready.data.checks.draining).toBe('failed');
    expect((await fetch(`${server.base}/health/live`)).status).toBe(200);

    // After the drain the listener stops taking connections, and the socket is told to reconnect elsewhere.
    await eventually(() => refusesConnections(Number(port)), 10_000, 'the listener closed');
    await eventually(() => disconnectReason !== undefined, 5_000, 'the socket was closed');
    expect(events.map((event) => event.name)).toContain('reconnect');
    // Not 'io server disconnect', after which socket.io-client would not reconnect.
    expect(disconnectReason).toBe('transport close');
    expect(server.process.exitCode).toBeNull();

    // The request begun before the signal still completes.
    slow.end(body.slice(half));
    const answer = await answered;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).data.access_token).toEqual(expect.any(String));
    expect(await exited).toBe(0);
    const messages = server.logMessages().map((line) => line.msg);
    expect(messages).toContain('shut down');
  });
});

/** True when a TCP connection to the port is refused (nothing listens there any more). */
function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = net.connect(port, '127.0.0.1');
    connection.once('connect', () => {
      connection.destroy();
      resolve(false);
    });
    connection.once('error', () => resolve(true));
  });
}
