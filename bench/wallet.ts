import { execFileSync } from 'node:child_process';
import { openPostgres } from '../apps/api/src/db/connection.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { checkLedger } from '../apps/api/src/modules/ledger/ledger.check.ts';
import { postTransaction } from '../apps/api/src/modules/ledger/ledger.service.ts';
import { CLIENTS, DURATION_SECONDS, withFreshDatabase } from './bench-db.ts';

/**
 * Wallet operations per second: a debit + credit ledger transaction through the ledger service (journal row,
 * conditional balance updates, postings, the deferred balance check), 16 concurrent clients, each moving money
 * between its own player and its own house account, the way 16 players betting at once would.
 */
export async function runWalletBench(
  databaseUrl: string,
): Promise<{ opsPerSecond: number; ledgerClean: boolean }> {
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
      await Promise.all(
        userIds.map(async (userId, client) => {
          for (let n = 0; Date.now() < deadline; n++) {
            const amountCents = BigInt(1 + (n % 500));
            await db.transaction().execute((trx) =>
              postTransaction(trx, {
                code: 'bench',
                idempotencyKey: `bench:${client}:${n}`,
                referenceType: 'bench',
                referenceId: String(n),
                postings: [
                  { account: { kind: 'house_game', name: `bench${client}` }, amountCents: -amountCents },
                  { account: { kind: 'player_cash', userId }, amountCents },
                ],
              }),
            );
            operations++;
          }
        }),
      );
      const problems = await checkLedger(db);
      return { opsPerSecond: operations / DURATION_SECONDS, ledgerClean: problems.length === 0 };
    } finally {
      await database.close();
    }
  });
}

/** pgbench's built-in TPC-B-like script on the same server: the classic debit/credit baseline. */
export async function runPgbenchBaseline(databaseUrl: string): Promise<{ tps: number; latencyMs: number }> {
  return withFreshDatabase(databaseUrl, 'bench_pgbench', async (url) => {
    execFileSync('pgbench', ['-i', '-q', '-s', String(CLIENTS), url], { stdio: 'ignore' });
    const output = execFileSync(
      'pgbench',
      ['-c', String(CLIENTS), '-j', '2', '-T', String(DURATION_SECONDS), '-n', url],
      {
        encoding: 'utf8',
      },
    );
    const match = /tps = ([\d.]+)/.exec(output);
    if (!match) throw new Error(`pgbench printed no tps:\n${output}`);
    const latency = /latency average = ([\d.]+) ms/.exec(output);
    return { tps: Number(match[1]), latencyMs: Number(latency?.[1] ?? Number.NaN) };
  });
}
