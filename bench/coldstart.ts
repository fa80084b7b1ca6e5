import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { preparePgliteTemplate } from '../apps/api/src/cli/prepare-pglite.ts';

/**
 * Start-up of the server on the embedded database, from spawning `apps/api/src/main.ts` to its first page
 * answering over HTTP: on a fresh data directory with the prepared template (the way `npm start` runs), again on
 * that now warm directory, and, as the same run's baseline, on a fresh data directory with no template (initdb and
 * every migration, as before decision 0020).
 */
const MAIN = fileURLToPath(new URL('../apps/api/src/main.ts', import.meta.url));

async function untilAnswering(port: number, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

async function startOnce(dataDir: string, templateDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PGLITE_TEMPLATE_DIR: templateDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: 'ignore',
  });
  try {
    await untilAnswering(port, child);
    return performance.now() - started;
  } finally {
    child.kill('SIGKILL');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
  }
}

export async function runColdStartBench(): Promise<{ freshMs: number; warmMs: number; initdbMs: number }> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-coldstart-'));
  try {
    const template = path.dirname(await preparePgliteTemplate());
    const empty = path.join(work, 'no-template');
    fs.mkdirSync(empty);
    const freshMs = await startOnce(path.join(work, 'fresh'), template, 4391);
    const warmMs = await startOnce(path.join(work, 'fresh'), template, 4392);
    const initdbMs = await startOnce(path.join(work, 'initdb'), empty, 4393);
    return { freshMs, warmMs, initdbMs };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log(await runColdStartBench());
