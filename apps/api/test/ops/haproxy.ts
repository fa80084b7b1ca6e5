import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * HAProxy started by a test with the repo's production configuration (deploy/haproxy/haproxy.cfg), only its
 * addresses and paths rewritten: what the test proves is what an operator deploys.
 */
export const HAPROXY = '/usr/sbin/haproxy';
const productionConfig = path.resolve(import.meta.dirname, '../../../../deploy/haproxy/haproxy.cfg');

/**
 * The production file with the test's ports: one plain-HTTP bind (no certificate here, so the TLS bind and the
 * redirect to HTTPS go), no chroot or user switch (the test is no root), fewer connections (file descriptors), the
 * runtime socket in the temp dir, and
 * the `server` lines pointed at the test's nodes in order. Each rewrite must find its line: a production file
 * that changed shape fails here rather than being tested half-rewritten.
 */
export function balancerConfig(options: { port: number; nodes: string[]; dir: string }): string {
  const text = readFileSync(productionConfig, 'utf8');
  const found = { bind: 0, redirect: 0, socket: 0, server: 0, root: 0, maxconn: 0 };
  const lines = text.split('\n').flatMap((line) => {
    const directive = line.trim().split(/\s+/);
    switch (directive[0]) {
      case 'bind':
        found.bind++;
        return found.bind === 1 ? [`    bind 127.0.0.1:${options.port}`] : [];
      case 'maxconn':
        // Production's 20000 needs twice as many file descriptors as a test's shell may open.
        found.maxconn++;
        return ['    maxconn 1000'];
      case 'chroot':
      case 'user':
      case 'group':
        found.root++;
        return [];
      case 'stats':
        if (directive[1] !== 'socket') return [line];
        found.socket++;
        return [line.replace(directive[2]!, path.join(options.dir, 'admin.sock'))];
      case 'http-request':
        if (directive[1] !== 'redirect') return [line];
        found.redirect++;
        return [];
      case 'server': {
        const node = options.nodes[found.server++];
        if (!node)
          throw new Error(`haproxy.cfg has more servers than the test's ${options.nodes.length} nodes`);
        return [line.replace(directive[2]!, node)];
      }
      default:
        return [line];
    }
  });
  if (found.bind < 1 || found.redirect !== 1 || found.socket !== 1 || found.root !== 3 || found.maxconn !== 1)
    throw new Error(`haproxy.cfg changed shape: ${JSON.stringify(found)}`);
  if (found.server !== options.nodes.length)
    throw new Error(`haproxy.cfg has ${found.server} servers, the test ${options.nodes.length} nodes`);
  return lines.join('\n');
}

export interface Balancer {
  base: string;
  process: ChildProcess;
  output(): string;
  /** Each server of the backend and its state as HAProxy sees it (UP, DOWN, MAINT...), from the runtime API. */
  servers(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/** Starts `haproxy -f cfg -db` (foreground, logs to stdout) in front of the given nodes. */
export async function startBalancer(options: {
  port: number;
  nodes: string[];
  dir: string;
}): Promise<Balancer> {
  const file = path.join(options.dir, 'haproxy.cfg');
  writeFileSync(file, balancerConfig(options));
  const child = spawn(HAPROXY, ['-f', file, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-1_000_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const socketPath = path.join(options.dir, 'admin.sock');
  const balancer: Balancer = {
    base: `http://127.0.0.1:${options.port}`,
    process: child,
    output: () => printed,
    async servers() {
      const csv = await runtimeCommand(socketPath, 'show stat');
      const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
      const columns = header!.split(',');
      const name = columns.indexOf('svname');
      const status = columns.indexOf('status');
      const proxy = columns.indexOf('pxname');
      return Object.fromEntries(
        rows
          .map((row) => row.split(','))
          .filter((cells) => cells[proxy] === 'api' && cells[name] !== 'BACKEND')
          .map((cells) => [cells[name], cells[status]]),
      );
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited at start:\n${printed}`);
    try {
      await balancer.servers();
      return balancer;
    } catch {
      // its runtime socket is not there yet
    }
    if (Date.now() > deadline) throw new Error(`haproxy did not start in 20 s:\n${printed}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One command on HAProxy's runtime API (a Unix socket): it answers and closes. */
function runtimeCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(`${command}\n`);
  });
}

/**
 * `haproxy -c` on the production file as it is, TLS bind included: only the certificate directory (a
 * self-signed certificate made here) and the runtime socket move to `dir`. Returns what HAProxy printed.
 */
export async function checkProductionConfig(dir: string): Promise<{ code: number; output: string }> {
  const certs = path.join(dir, 'certs');
  mkdirSync(certs, { recursive: true });
  const key = path.join(dir, 'key.pem');
  const certificate = path.join(dir, 'cert.pem');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    key,
    '-out',
    certificate,
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
  ]);
  writeFileSync(path.join(certs, 'site.pem'), readFileSync(certificate, 'utf8') + readFileSync(key, 'utf8'));
  const text = readFileSync(productionConfig, 'utf8');
  const file = path.join(dir, 'production.cfg');
  writeFileSync(
    file,
    text
      .replace('crt /etc/haproxy/certs/', `crt ${certs}/`)
      .replace('/run/haproxy/admin.sock', path.join(dir, 'admin.sock')),
  );
  try {
    const { stdout, stderr } = await run(HAPROXY, ['-c', '-f', file]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: (failed.stdout ?? '') + (failed.stderr ?? '') };
  }
}
