import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type DatabaseHandle, openPostgres } from '../../src/db/connection.ts';
import { migrate } from '../../src/db/migrate.ts';
import { call, newPlayer, type Player } from '../games/helpers.ts';
import { TEST_DATABASE, type TestApp, testConfig } from '../harness.ts';
import { freePort } from '../scaling/nodes.ts';
import {
  asPostgres,
  type Cluster,
  cluster,
  findOnPath,
  findPgBinDir,
  giveToPostgres,
  testPgBackRestConfig,
  waitUntilWritable,
} from './pg-cluster.ts';

/**
 * Backups that restore (docs/decisions/0047-backups.md): a cluster of its own archives its WAL to a pgBackRest
 * repository configured by deploy/pgbackrest/pgbackrest.conf; the app bets on it; a full backup is taken; the
 * betting goes on; the repository is restored to a moment T between two known bets into a fresh data directory,
 * and the restored database holds exactly the bets before T, with clean books (`ledger:check`).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const binDir = findPgBinDir();
const pgbackrest = findOnPath('pgbackrest');
const missing = [binDir ? '' : 'initdb/pg_ctl (set PG_BINDIR)', pgbackrest ? '' : 'pgbackrest']
  .filter(Boolean)
  .join(', ');
const onPostgres = TEST_DATABASE === 'postgres';
// In CI (REQUIRE_SERVICES=1) missing tools fail the PostgreSQL suite instead of skipping it.
if (onPostgres && missing && process.env.REQUIRE_SERVICES === '1')
  throw new Error(`REQUIRE_SERVICES=1 but the backup test lacks ${missing}`);
const skipReason = !onPostgres ? 'runs on the PostgreSQL suite only' : missing ? `lacks ${missing}` : '';

const STANZA = 'aposta';
const DATABASE = 'aposta';
const runFile = promisify(execFile);

describe.skipIf(skipReason !== '')(
  `backups that restore: pgBackRest full + WAL, point-in-time restore${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  { timeout: 300_000 },
  () => {
    let dir = '';
    let conf = '';
    let primary: Cluster | undefined;
    let restored: Cluster | undefined;
    let database: DatabaseHandle | undefined;
    let test: TestApp | undefined;
    const pgBackRest = (...args: string[]) =>
      asPostgres(pgbackrest ?? 'pgbackrest', [`--config=${conf}`, `--stanza=${STANZA}`, ...args]);

    beforeAll(async () => {
      const bin = binDir ?? '';
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-backup-'));
      for (const sub of ['repo', 'spool', 'spool-restored', 'log', 'lock']) fs.mkdirSync(path.join(dir, sub));
      const [primaryPort, restoredPort] = [await freePort(), await freePort()];
      primary = cluster(bin, path.join(dir, 'primary'), primaryPort, dir);
      restored = cluster(bin, path.join(dir, 'restored'), restoredPort, dir);
      conf = path.join(dir, 'pgbackrest.conf');
      fs.writeFileSync(
        conf,
        testPgBackRestConfig(
          fs.readFileSync(path.join(repoRoot, 'deploy/pgbackrest/pgbackrest.conf'), 'utf8'),
          {
            dir,
            stanza: STANZA,
            pgPath: primary.dataDir,
            pgPort: primaryPort,
            socketDir: dir,
          },
        ),
      );
      await giveToPostgres(dir);
      // -N: no fsync of the new cluster; a throwaway test cluster needs none.
      await asPostgres(path.join(bin, 'initdb'), [
        '-D',
        primary.dataDir,
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
        '--locale=C',
        '-N',
      ]);
      // The archiving lines of deploy/pgbackrest/README.md; fsync=off only speeds up this throwaway cluster
      // (it matters for a crash of the machine, which this test does not simulate): archiving, the backup and
      // the restore are unchanged by it, and the repository's own files are written by pgBackRest as always.
      fs.appendFileSync(
        path.join(primary.dataDir, 'postgresql.conf'),
        [
          '',
          'wal_level = replica',
          'archive_mode = on',
          `archive_command = '${pgbackrest} --config=${conf} --stanza=${STANZA} archive-push %p'`,
          'max_wal_senders = 3',
          'shared_buffers = 16MB',
          'fsync = off',
          'max_connections = 40',
          '',
        ].join('\n'),
      );
      await primary.start();
      // The stanza first: until it exists every archive-push fails and the WAL queues up in pg_wal.
      await pgBackRest('stanza-create');
      await primary.query('postgres', `CREATE DATABASE ${DATABASE}`);
      database = openPostgres(primary.url(DATABASE), 10);
      await migrate(database);
      const built = await buildApp({ config: testConfig(), database, mailer: { send: async () => {} } });
      await built.app.ready();
      test = { ...built, mails: [], close: () => built.app.close() };
    }, 180_000);

    afterAll(async () => {
      await test?.close().catch(() => undefined);
      await database?.close().catch(() => undefined);
      for (const target of [restored, primary]) await target?.stop().catch(() => undefined);
      // The async archiver may still be leaving the spool: retry the removal instead of failing on it.
      if (dir) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
    });

    async function dice(player: Player): Promise<number> {
      const answer = await call(test as TestApp, 'POST', '/api/app/game/dice/bet', player.token, {
        amount: 1,
        target: 50,
        direction: 'under',
      });
      expect(answer.http, answer.message).toBe(200);
      return answer.data.betId as number;
    }

    it('restores to a moment between two bets: exactly the bets before it, and the ledger is clean', async () => {
      const app = test as TestApp;
      const source = primary as Cluster;
      const target = restored as Cluster;
      const players = [await newPlayer(app, 500_00n), await newPlayer(app, 500_00n)];
      const bets: number[] = [];
      for (const player of players) bets.push(await dice(player), await dice(player));

      await pgBackRest('check');
      let started = performance.now();
      await pgBackRest('backup', '--type=full', '--start-fast');
      const backupMs = performance.now() - started;
      const [info] = JSON.parse(await pgBackRest('info', '--output=json')) as {
        backup: { label: string }[];
      }[];
      const label = info?.backup.at(-1)?.label ?? '';

      // Betting goes on after the backup: these bets exist only in the archived WAL.
      for (const player of players) bets.push(await dice(player));
      const betA = await dice(players[0] as Player);
      bets.push(betA);
      // T: after bet A has committed, before bet B begins (now() of a statement of its own).
      const [moment] = await source.query<{ at: string }>(DATABASE, 'SELECT now()::text AS at');
      const at = moment?.at ?? '';
      const betB = await dice(players[1] as Player);
      const after = [betB, await dice(players[0] as Player), await dice(players[1] as Player)];
      // Closes the WAL segment holding bet B's commit; `check` waits until the archive has it.
      await source.query(DATABASE, 'SELECT pg_switch_wal()');
      await pgBackRest('check');

      fs.mkdirSync(target.dataDir, { mode: 0o700 });
      await giveToPostgres(target.dataDir);
      started = performance.now();
      await pgBackRest(
        `--pg1-path=${target.dataDir}`,
        // A spool of its own: a restore clears the stanza's spool, which the primary's async archiving still uses.
        `--spool-path=${path.join(dir, 'spool-restored')}`,
        '--type=time',
        `--target=${at}`,
        '--target-action=promote',
        // Named, as the runbook does: pgBackRest's own choice compares whole seconds, and T falls within the
        // second the backup ended in.
        `--set=${label}`,
        'restore',
      );
      // The restored copy must not archive into the repository of the database it was restored from.
      await target.start('-c archive_mode=off');
      await waitUntilWritable(target, DATABASE);
      const restoreMs = performance.now() - started;

      const rows = await target.query<{ id: string }>(DATABASE, 'SELECT id::text FROM game_bets ORDER BY id');
      const restoredBets = rows.map((row) => Number(row.id));
      expect(restoredBets).toContain(betA);
      expect(restoredBets).not.toContain(betB);
      expect(restoredBets).toEqual([...bets].sort((a, b) => a - b));
      for (const bet of after) expect(restoredBets).not.toContain(bet);

      // The operator's own tool, as a process, against the restored database.
      const check = await runFile(
        path.join(repoRoot, 'node_modules/.bin/node'),
        ['apps/api/src/cli/ledger-check.ts'],
        {
          cwd: repoRoot,
          env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATABASE_URL: target.url(DATABASE) },
        },
      );
      expect(check.stderr).toBe('');
      expect(check.stdout).toMatch(/^ledger check clean: \d+ accounts/);

      console.log(
        `backup figures: full backup ${Math.round(backupMs)} ms; restore to T and recovery until the database ` +
          `accepts writes ${Math.round(restoreMs)} ms; ${restoredBets.length} bets restored, ` +
          `${after.length} after T left out`,
      );
    });
  },
);
