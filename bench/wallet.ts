import { execFile, execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { type Db, openPostgres } from '../apps/api/src/db/connection.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { checkLedger } from '../apps/api/src/modules/ledger/ledger.check.ts';
import { postAlone, postTransaction } from '../apps/api/src/modules/ledger/ledger.service.ts';
import { CLIENTS, DURATION_SECONDS, withFreshDatabase } from './bench-db.ts';
import { processCpuMs, startCpuWindow } from './cpu-meter.ts';

/** CPU per transaction, in ms: PostgreSQL's backends, and the client's process (undefined where not read). */
export interface CpuPerTransaction {
  postgresMs: number | undefined;
  clientMs: number | undefined;
}

/**
 * Meters the CPU of `db`'s backends (and of this process) from one second into the run to one second before its
 * end, and takes `mark()` (a count of transactions, or the clock) at both ends of that window.
 */
async function meterMiddle(db: Db, mark: () => number, clientPid?: number) {
  await sleep(1000);
  const first = mark();
  const clientAtStart = clientPid === undefined ? undefined : processCpuMs(clientPid);
  const window = await startCpuWindow(db);
  await sleep((DURATION_SECONDS - 2) * 1000);
  const spent = await window.stop();
  const clientAtEnd = clientPid === undefined ? undefined : processCpuMs(clientPid);
  const otherClientMs =
    clientAtStart === undefined || clientAtEnd === undefined ? undefined : clientAtEnd - clientAtStart;
  return { ...spent, otherClientMs, marked: mark() - first };
}

/**
 * How the bench posts: `alone`, a transaction of its own (`postAlone`: the posting statement as one implicit
 * database transaction, the counterpart of pgbench's TPC-B transaction); `in-transaction`, inside a database
 * transaction the caller opens and commits (`postTransaction`, as a business record's posting runs).
 */
export type WalletMode = 'alone' | 'in-transaction';

/**
 * Wallet operations per second: a debit + credit ledger transaction through the ledger service (journal row,
 * conditional balance updates, postings, the set-based balance check), 16 concurrent clients, each moving money
 * between its own player and its own house account, the way 16 players betting at once would.
 */
export async function runWalletBench(
  databaseUrl: string,
  mode: WalletMode,
): Promise<{ opsPerSecond: number; ledgerClean: boolean; cpu: CpuPerTransaction }> {
  return withFreshDatabase(databaseUrl, 'bench_wallet', async (url) => {
    const database = openPostgres(url, CLIENTS + 2);
    try {
      await migrate(database);
      const db = database.db;
      const userIds: bigint[] = [];
      for (let client = 0; client < CLIENTS; client++) {
        const user = await db
          .insertInto('users')
          .values({
            username: `bench${client}@example.com`,
            password_hash: 'x',
            yqm: `BENCH${String(client).padStart(3, '0')}`,
            inviter_id: null,
            test_password: null,
            kyc_name: null,
            kyc_cpf: null,
            pay_discount: null,
            pay_discount_expires_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        userIds.push(user.id);
      }
      let operations = 0;
      const deadline = Date.now() + DURATION_SECONDS * 1000;
      const metered = meterMiddle(db, () => operations);
      await Promise.all(
        userIds.map(async (userId, client) => {
          for (let n = 0; Date.now() < deadline; n++) {
            const amountCents = BigInt(1 + (n % 500));
            const input = {
              code: 'bench',
              idempotencyKey: `bench:${client}:${n}`,
              referenceType: 'bench',
              referenceId: String(n),
              postings: [
                {
                  account: { kind: 'house_game' as const, name: `bench${client}` },
                  amountCents: -amountCents,
                },
                { account: { kind: 'player_cash' as const, userId }, amountCents },
              ],
            };
            if (mode === 'alone') await postAlone(db, input);
            else await db.transaction().execute((trx) => postTransaction(trx, input));
            operations++;
          }
        }),
      );
      const problems = await checkLedger(db);
      const { postgresMs, serverMs, marked } = await metered;
      const per = (ms: number) => ms / Math.max(1, marked);
      return {
        opsPerSecond: operations / DURATION_SECONDS,
        ledgerClean: problems.length === 0,
        cpu: { postgresMs: postgresMs === undefined ? undefined : per(postgresMs), clientMs: per(serverMs) },
      };
    } finally {
      await database.close();
    }
  });
}

/**
 * pgbench's built-in TPC-B-like script on the same server: the classic debit/credit baseline, with its
 * backends' CPU per transaction (metered in the middle of the run, at the run's mean rate).
 */
export async function runPgbenchBaseline(
  databaseUrl: string,
): Promise<{ tps: number; latencyMs: number; cpu: CpuPerTransaction }> {
  return withFreshDatabase(databaseUrl, 'bench_pgbench', async (url) => {
    execFileSync('pgbench', ['-i', '-q', '-s', String(CLIENTS), url], { stdio: 'ignore' });
    const meter = openPostgres(url, 1);
    try {
      const run = promisify(execFile)(
        'pgbench',
        ['-c', String(CLIENTS), '-j', '2', '-T', String(DURATION_SECONDS), '-n', url],
        { encoding: 'utf8' },
      );
      // pgbench's count is not visible mid-run: the window's transactions are taken at the run's mean rate.
      const metered = meterMiddle(meter.db, () => Date.now(), run.child.pid);
      const { stdout } = await run;
      const match = /tps = ([\d.]+)/.exec(stdout);
      if (!match) throw new Error(`pgbench printed no tps:\n${stdout}`);
      const tps = Number(match[1]);
      const latency = /latency average = ([\d.]+) ms/.exec(stdout);
      const { postgresMs, otherClientMs, marked } = await metered;
      const per = (ms: number | undefined) =>
        ms === undefined ? undefined : ms / Math.max(1, (marked / 1000) * tps);
      return {
        tps,
        latencyMs: Number(latency?.[1] ?? Number.NaN),
        cpu: { postgresMs: per(postgresMs), clientMs: per(otherClientMs) },
      };
    } finally {
      await meter.close();
    }
  });
}
