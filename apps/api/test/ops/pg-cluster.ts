import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * Throwaway PostgreSQL clusters and a pgBackRest repository for the backup test, under one temp directory.
 * PostgreSQL refuses to run as root: when the tests run as root (CI), every server-side command runs as the
 * `postgres` user, in directories it owns.
 */
const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;

/** Where initdb and pg_ctl are: PG_BINDIR, else the newest /usr/lib/postgresql/N/bin (Debian's layout). */
export function findPgBinDir(): string | undefined {
  const candidates = process.env.PG_BINDIR
    ? [process.env.PG_BINDIR]
    : safeList('/usr/lib/postgresql')
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => `/usr/lib/postgresql/${version}/bin`);
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')));
}

export function findOnPath(binary: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, binary);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

function safeList(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

/** Runs a command as the user PostgreSQL runs as; rejects with its output when it fails. */
export async function asPostgres(command: string, args: string[]): Promise<string> {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  try {
    const { stdout } = await run(file, argv, { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const failed = error as { message: string; stdout?: string; stderr?: string };
    throw new Error(
      `${command} ${args.join(' ')} failed: ${failed.stderr || failed.stdout || failed.message}`,
    );
  }
}

/** Hands a directory (and what is in it) to the user PostgreSQL runs as. */
export async function giveToPostgres(dir: string): Promise<void> {
  if (asRoot) await run('chown', ['-R', 'postgres:postgres', dir]);
}

export interface Cluster {
  dataDir: string;
  port: number;
  /** A URL for a database of this cluster (TCP on 127.0.0.1, trust authentication). */
  url(database: string): string;
  query<Row extends pg.QueryResultRow>(database: string, text: string): Promise<Row[]>;
  start(extraOptions?: string): Promise<void>;
  /** Immediate stop: nothing here needs a clean shutdown, and it never waits on open connections. */
  stop(): Promise<void>;
}

export function cluster(binDir: string, dataDir: string, port: number, socketDir: string): Cluster {
  let logCount = 0;
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    dataDir,
    port,
    url,
    async query<Row extends pg.QueryResultRow>(database: string, text: string) {
      const client = new pg.Client({ connectionString: url(database) });
      await client.connect();
      try {
        return (await client.query<Row>(text)).rows;
      } finally {
        await client.end();
      }
    },
    async start(extraOptions = '') {
      logCount += 1;
      const log = path.join(socketDir, `${path.basename(dataDir)}-${logCount}.log`);
      await asPostgres(path.join(binDir, 'pg_ctl'), [
        '-D',
        dataDir,
        '-l',
        log,
        '-w',
        '-t',
        '120',
        '-o',
        `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 ${extraOptions}`,
        'start',
      ]).catch((error: Error) => {
        const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-4000) : '';
        throw new Error(`${error.message}\n${tail}`);
      });
    },
    async stop() {
      if (!fs.existsSync(path.join(dataDir, 'postmaster.pid'))) return;
      await asPostgres(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    },
  };
}

/** Polls until the cluster accepts writes (a restored one answers read-only while it still replays WAL). */
export async function waitUntilWritable(target: Cluster, database: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const [row] = await target.query<{ recovering: boolean }>(
        database,
        'SELECT pg_is_in_recovery() AS recovering',
      );
      if (row && !row.recovering) return;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the restored cluster did not finish recovery in ${timeoutMs} ms: ${String(last ?? '')}`);
}

/**
 * The repository's production configuration (deploy/pgbackrest/pgbackrest.conf) adapted to a local test
 * repository: every [global*] option kept except the S3 ones and the paths, which point into `dir`; the
 * production stanza replaced by the test's. What is tested is the production file's options, not a copy.
 */
export function testPgBackRestConfig(
  productionConf: string,
  options: { dir: string; stanza: string; pgPath: string; pgPort: number; socketDir: string },
): string {
  const overridden =
    /^(repo1-type|repo1-path|repo1-s3-[a-z-]+|spool-path|log-path|lock-path|log-level-console)=/;
  const sections: { name: string; lines: string[] }[] = [];
  for (const raw of productionConf.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) sections.push({ name: header[1] ?? '', lines: [] });
    else if (!overridden.test(line)) sections.at(-1)?.lines.push(line);
  }
  const global = sections.filter((section) => section.name.startsWith('global'));
  const main = global.find((section) => section.name === 'global');
  if (!main) throw new Error('the production pgbackrest.conf has no [global] section');
  main.lines.push(
    'repo1-type=posix',
    `repo1-path=${path.join(options.dir, 'repo')}`,
    `spool-path=${path.join(options.dir, 'spool')}`,
    `log-path=${path.join(options.dir, 'log')}`,
    `lock-path=${path.join(options.dir, 'lock')}`,
    'log-level-console=warn',
    // The production passphrase comes from the secret store; the test's repository has its own.
    ...(main.lines.some((line) => line.startsWith('repo1-cipher-type=') && !line.endsWith('=none'))
      ? ['repo1-cipher-pass=test-only-passphrase']
      : []),
  );
  const stanza = {
    name: options.stanza,
    lines: [
      `pg1-path=${options.pgPath}`,
      `pg1-port=${options.pgPort}`,
      `pg1-socket-path=${options.socketDir}`,
    ],
  };
  return `${[...global, stanza].map((section) => [`[${section.name}]`, ...section.lines].join('\n')).join('\n\n')}\n`;
}
