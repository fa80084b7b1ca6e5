import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const CAPTCHA_BYPASS = 'e2e-pass';
const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (`apps/api/src/main.ts`, serving the built web app) on a free port with a fresh
 * embedded database, exactly as `npm start` does, and waits until it answers.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-e2e-'));
  // A port the system hands out (its ephemeral range holds none of the Fetch standard's blocked ports): two
  // journeys run at once (e2e/vitest.config.ts), and a port picked at random could be taken twice.
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['apps/api/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CAPTCHA_BYPASS,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      PAYOUT_DELAY_SECONDS: '1',
      // Each round game hashes its whole published chain at start: 200,000 links per table, in a worker thread
      // (the event loop stays free), but still seconds of one of the machine's two cores. A short chain plays the
      // same rounds.
      ROUND_CHAIN_LENGTH: '2000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Migrating the embedded database (and seeding the demo) before listening has taken 70-85 s on a two-core machine
  // shared with other test runs (load 25); alone it takes seconds.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Do not leave a server starting in the background behind a failed suite.
      child.kill('SIGTERM');
      throw new Error('server did not start within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
