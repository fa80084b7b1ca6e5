import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { CAPTCHA_BYPASS } from './harness.ts';

/**
 * The API server as a child process on a PostgreSQL database, as in production, for the tests that kill it with
 * SIGKILL mid-request and start it again (idempotency-crash, games/batch-crash).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function spawnApiServer(
  databaseUrl: string,
  port: number,
  options: { nodeArgs?: string[]; env?: Record<string, string> } = {},
): ChildProcess {
  return spawn(
    path.join(repoRoot, 'node_modules/.bin/node'),
    [...(options.nodeArgs ?? []), 'apps/api/src/main.ts'],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        // The test's database is fresh: the server migrates it (on PostgreSQL start otherwise refuses it).
        MIGRATE_ON_START: '1',
        CAPTCHA_BYPASS,
        SEED_DEMO: '0',
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST_DIR: '/nonexistent',
        LOG_LEVEL: 'silent',
        RATE_LIMIT_LOGIN: '10000',
        RATE_LIMIT_REGISTER: '10000',
        ...options.env,
      },
      stdio: 'ignore',
    },
  );
}

/** Waits until the server at `base` answers its health check (30 s at most). */
export async function waitUntilUp(base: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A JSON POST answered as the envelope plus the HTTP status (typed by the caller: the envelopes' data differ). */
export async function postJson(
  base: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { http: response.status, ...(await response.json()) };
}
