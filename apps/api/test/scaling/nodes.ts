import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { CAPTCHA_BYPASS, uniqueEmail } from '../harness.ts';

/** Server processes started from `apps/api/src/main.ts`, as `npm start` starts them, for the scaling tests. */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export interface Node {
  base: string;
  process: ChildProcess;
  /** What the process printed (its last megabyte): log lines and, when it failed, why. */
  output(): string;
  /** The messages of its JSON log lines. */
  logMessages(): { msg: string; [field: string]: unknown }[];
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A server in development mode (its background loops running, as in production) on the given database. */
export async function startNode(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/node'), ['apps/api/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      // Each test's database is fresh: the nodes migrate it (on PostgreSQL start otherwise refuses it).
      MIGRATE_ON_START: '1',
      CAPTCHA_BYPASS,
      SEED_DEMO: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'info',
      ROUND_CHAIN_LENGTH: '2000',
      RATE_LIMIT_REGISTER: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-1_000_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const node: Node = {
    base: `http://127.0.0.1:${port}`,
    process: child,
    output: () => printed,
    logMessages: () =>
      printed.split('\n').flatMap((line) => {
        try {
          return [JSON.parse(line)];
        } catch {
          return [];
        }
      }),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${printed}`);
    try {
      if ((await fetch(`${node.base}/api/health`)).ok) return node;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer in 60 s:\n${printed}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface Answer {
  http: number;
  status?: number;
  message?: string;
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data differs per call
  data?: any;
}

/**
 * One call, from the given local address (127.0.0.0/8 is all loopback): the server then sees a distinct client,
 * as it sees distinct players' phones.
 */
export function call(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; from?: string } = {},
): Promise<Answer> {
  const target = new URL(url, base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: options.token } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          try {
            resolve({ http: response.statusCode ?? 0, ...JSON.parse(text) });
          } catch {
            resolve({ http: response.statusCode ?? 0, message: text });
          }
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export async function register(base: string): Promise<{ username: string; token: string }> {
  const username = uniqueEmail('node');
  const answer = await call(base, 'POST', '/api/auth/user/restRegister', {
    body: {
      username,
      pwd: 'Segredo-forte-91',
      pwd1: 'Segredo-forte-91',
      codeId: 1,
      captCode: CAPTCHA_BYPASS,
    },
  });
  if (answer.http !== 200) throw new Error(`register failed: ${JSON.stringify(answer)}`);
  return { username, token: answer.data.access_token as string };
}

/** A player's socket; every event it receives is kept in order. */
export async function openSocket(
  base: string,
  token: string,
  transports: ('websocket' | 'polling')[] = ['websocket'],
): Promise<{ socket: Socket; events: { name: string; payload: unknown }[] }> {
  const socket = io(base, {
    path: '/gamecenter-siop',
    query: { token },
    transports,
    reconnection: false,
    forceNew: true,
  });
  const events: { name: string; payload: unknown }[] = [];
  socket.onAny((name: string, payload: unknown) => events.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, events };
}

/** Waits until `check` holds (polled every 50 ms), or fails after `ms`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  ms: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A loopback address of its own for one test run, so its rate-limit counters in the shared Redis are its own. */
export function ownLoopbackAddress(): string {
  return `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
}
