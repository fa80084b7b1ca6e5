import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/connection.ts';
import { migrate } from '../../src/db/migrate.ts';
import { newCpf, sharedPostgresDatabase, TEST_DATABASE } from '../harness.ts';
import { call, eventually, freePort, type Node, openSocket, register, startNode } from '../scaling/nodes.ts';
import { sample } from './metrics-text.ts';

/**
 * Issue 31: a real Prometheus scrapes a real server process on its metrics port (METRICS_PORT) every second, and
 * the figures it stores move after a bet, a deposit (the in-process PSP emulator's Pix and webhook) and a payout. The public port
 * does not serve /metrics.
 */
const PROMETHEUS = process.env.PROMETHEUS ?? '/usr/bin/prometheus';
const present = existsSync(PROMETHEUS);
if (TEST_DATABASE === 'postgres' && !present && process.env.REQUIRE_SERVICES === '1')
  throw new Error(`REQUIRE_SERVICES=1 but Prometheus is missing at ${PROMETHEUS}`);

describe.skipIf(TEST_DATABASE !== 'postgres' || !present)('a real Prometheus scrapes a server', () => {
  let database: Awaited<ReturnType<typeof sharedPostgresDatabase>>;
  let handle: ReturnType<typeof openPostgres>;
  let node: Node;
  let prometheus: ChildProcess | undefined;
  let prometheusOutput = '';
  let dir: string;
  let metricsPort: number;
  let promBase: string;

  beforeAll(async () => {
    database = await sharedPostgresDatabase();
    handle = openPostgres(database.url, 2);
    metricsPort = await freePort();
    node = await startNode({
      DATABASE_URL: database.url,
      WORKERS: '1',
      METRICS_PORT: String(metricsPort),
      // The first withdrawal would wait for an operator's review: here the payout job pays it at once.
      WITHDRAWAL_REVIEW: '0',
      LEDGER_CHECK_INTERVAL_SECONDS: '2',
    });
    dir = mkdtempSync(join(tmpdir(), 'aposta-prometheus-'));
    writeFileSync(
      join(dir, 'prometheus.yml'),
      [
        'global:',
        '  scrape_interval: 1s',
        '  evaluation_interval: 1s',
        // The repository's own alert rules, evaluated every second on what this node reports.
        'rule_files:',
        `  - ${join(import.meta.dirname, '../../../../deploy/prometheus/alerts.yml')}`,
        'scrape_configs:',
        '  - job_name: aposta',
        '    scrape_timeout: 1s',
        '    static_configs:',
        `      - targets: ['127.0.0.1:${metricsPort}']`,
        '',
      ].join('\n'),
    );
    const promPort = await freePort();
    promBase = `http://127.0.0.1:${promPort}`;
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${promPort}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const keep = (chunk: Buffer) => {
      prometheusOutput = (prometheusOutput + chunk.toString()).slice(-200_000);
    };
    prometheus.stdout?.on('data', keep);
    prometheus.stderr?.on('data', keep);
    await eventually(
      async () => (await fetch(`${promBase}/-/ready`).catch(() => undefined))?.ok === true,
      30_000,
      'Prometheus is ready',
    );
  }, 180_000);

  afterAll(async () => {
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus?.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    await node?.stop();
    await handle?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** One value of an instant query (the sum over the series it selects), or undefined when it selects none. */
  async function query(promql: string): Promise<number | undefined> {
    const response = await fetch(`${promBase}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const answer = (await response.json()) as {
      status: string;
      data: { result: { value: [number, string] }[] };
    };
    if (answer.status !== 'success') throw new Error(`query failed: ${JSON.stringify(answer)}`);
    const values = answer.data.result.map((series) => Number(series.value[1]));
    return values.length === 0 ? undefined : values.reduce((sum, value) => sum + value, 0);
  }
  /** Waits until Prometheus has stored a value of `promql` that `holds`; answers it. */
  async function until(promql: string, holds: (value: number) => boolean, what: string): Promise<number> {
    let seen: number | undefined;
    try {
      await eventually(
        async () => {
          seen = await query(promql);
          return seen !== undefined && holds(seen);
        },
        30_000,
        what,
      );
    } catch (error) {
      // What the node itself exposes, and its last log lines: why the figure did not move.
      const exposed = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      const ours = exposed.split('\n').filter((line) => /^aposta_(payout|jobs|deposit)/.test(line));
      throw new Error(
        `${String(error)} (last value of ${promql}: ${seen})\n${ours.join('\n')}\n${node.output().slice(-3000)}`,
      );
    }
    return seen as number;
  }

  it('scrapes the metrics port, and the public port has no /metrics', async () => {
    await until('up{job="aposta"}', (up) => up === 1, 'the node is scraped');
    expect((await fetch(`${node.base}/metrics`)).status).toBe(404);
    const duration = await until('scrape_duration_seconds{job="aposta"}', () => true, 'a scrape duration');
    const samples = await until('scrape_samples_scraped{job="aposta"}', (n) => n > 0, 'samples');
    console.log(`Prometheus scrape of one node: ${(duration * 1000).toFixed(1)} ms, ${samples} samples`);
    expect(duration).toBeLessThan(1);
  });

  it('figures move after a deposit, a socket, a bet and a payout', async () => {
    const player = await register(node.base);
    const user = await handle.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', player.username)
      .executeTakeFirstOrThrow();

    // A deposit the real way: an order (a cob at the PSP emulator), the payer's Pix, the PSP's webhook crediting it.
    const pkg = await handle.db
      .insertInto('price_packages')
      .values({ price_cents: 100_00n, gift_cents: 0n, curreny: '', sort: 99 })
      .returning('pkg_id')
      .executeTakeFirstOrThrow();
    const order = await call(node.base, 'POST', `/api/app/order/prePay/${pkg.pkg_id}`, {
      token: player.token,
      body: { gift: '0', pkgId: Number(pkg.pkg_id), isapp: '0' },
    });
    expect(order.http, order.message).toBe(200);
    await until('sum(aposta_deposits_open)', (open) => open >= 1, 'the open deposit is seen');
    const paid = await call(node.base, 'POST', `/api/pay/emulator/_emulator/cob/${order.data.payNo}/pay`);
    expect(paid.data?.result, JSON.stringify(paid)).toBe('paid');
    await until(
      'sum(aposta_psp_webhooks_total{provider="apipix",result="accepted"})',
      (n) => n >= 1,
      'the webhook is counted',
    );
    await until('sum(aposta_deposits_open)', (open) => open === 0, 'no deposit left open');
    await until(
      'max(aposta_house_balance_cents{account="house_provider_clearing"})',
      (cents) => cents !== 0,
      'the PSP clearing account moved',
    );

    // A socket: the connection is counted while it is open.
    const { socket } = await openSocket(node.base, player.token);
    await until('sum(aposta_realtime_connections)', (n) => n === 1, 'the socket is counted');
    socket.disconnect();
    await until('sum(aposta_realtime_connections)', (n) => n === 0, 'the closed socket is no longer counted');

    // A bet.
    const houseBefore = (await query('max(aposta_house_balance_cents{account="house_game"})')) ?? 0;
    const bet = await call(node.base, 'POST', '/api/app/game/dice/bet', {
      token: player.token,
      body: { amount: '5.00', target: 50, direction: 'under' },
    });
    expect(bet.http, bet.message).toBe(200);
    await until('sum(aposta_bets_total{product="dice"})', (n) => n === 1, 'the bet is counted');
    await until('sum(aposta_bet_stakes_cents_total{product="dice"})', (n) => n === 500, 'its stake');
    await until(
      'max(aposta_house_balance_cents{account="house_game"})',
      (cents) => cents !== houseBefore,
      'the GGR moved',
    );

    // A payout: KYC approved (as an operator would), a withdrawal to the player's own CPF, the payout job pays it.
    const cpf = newCpf();
    const kyc = await call(node.base, 'POST', '/api/app/user/updateKyc', {
      token: player.token,
      body: { name: 'Maria Silva', cardNo: cpf, birthDate: '1990-05-17' },
    });
    expect(kyc.http, kyc.message).toBe(200);
    await handle.db.updateTable('users').set({ kyc_status: 'approved' }).where('id', '=', user.id).execute();
    // A payout settles the PSP's clearing account (it paid the player): the account moves back by the amount.
    const clearingBefore =
      (await query('max(aposta_house_balance_cents{account="house_provider_clearing"})')) ?? 0;
    const withdrawal = await call(node.base, 'POST', '/api/app/order/withdraw', {
      token: player.token,
      body: { payCardBank: 'CPF', payCardNo: cpf, amount: 20 },
    });
    expect(withdrawal.http, withdrawal.message).toBe(200);
    await until(
      'max(aposta_house_balance_cents{account="house_provider_clearing"})',
      (cents) => cents === clearingBefore + 20_00,
      'the payout is paid',
    );
    await until('sum(aposta_payouts_open)', (open) => open === 0, 'no withdrawal left open');
    await until(
      'sum(aposta_http_requests_total{route="/api/app/order/withdraw",status="2xx"})',
      (n) => n === 1,
      'the withdrawal request is counted per route',
    );
    const order11 = await sql<{ status: string }>`
      SELECT status FROM orders WHERE user_id = ${user.id} AND type = '11'`.execute(handle.db);
    expect(order11.rows.map((row) => row.status)).toEqual(['10']);
  });

  it('every expression of the dashboard and the alert rules is valid PromQL on metrics the node exposes', async () => {
    const root = join(import.meta.dirname, '../../../..');
    const dashboard = JSON.parse(
      readFileSync(join(root, 'deploy/grafana/aposta-dashboard.json'), 'utf8'),
    ) as {
      panels: { targets?: { expr: string }[] }[];
    };
    const expressions = dashboard.panels.flatMap((panel) =>
      (panel.targets ?? []).map((target) => target.expr),
    );
    expect(expressions.length).toBeGreaterThan(15);
    for (const expr of expressions) {
      const response = await fetch(`${promBase}/api/v1/query?query=${encodeURIComponent(expr)}`);
      expect(response.status, `${expr}: ${await response.clone().text()}`).toBe(200);
    }
    // The ledger check ran (LEDGER_CHECK_INTERVAL_SECONDS=2 here) and is clean.
    await until('max(aposta_ledger_check_problems)', (problems) => problems === 0, 'a clean ledger check');
    const exposed = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const rules = readFileSync(join(root, 'deploy/prometheus/alerts.yml'), 'utf8');
    const named = new Set(
      [
        ...JSON.stringify(dashboard).matchAll(/\b(?:aposta|nodejs)_\w+/g),
        ...rules.matchAll(/\b(?:aposta|nodejs)_\w+/g),
      ].map((match) => match[0]),
    );
    // Series that exist only once something happened that this test does not do (a slot round, a failed query).
    const onlyOnEvents = new Set(['aposta_slot_callbacks_total', 'aposta_metrics_query_failures_total']);
    const missing = [...named].filter((name) => !onlyOnEvents.has(name) && !exposed.includes(`\n${name}`));
    expect(missing).toEqual([]);
  });

  it('the alert rules evaluate on real figures, and LedgerMismatch fires once the books are broken', async () => {
    const rules = async () => {
      const answer = (await (await fetch(`${promBase}/api/v1/rules`)).json()) as {
        data: { groups: { rules: { name: string; health: string; lastError?: string }[] }[] };
      };
      return answer.data.groups.flatMap((group) => group.rules);
    };
    await eventually(
      async () => (await rules()).every((rule) => rule.health === 'ok'),
      30_000,
      'every rule evaluated',
    );
    expect((await rules()).length).toBeGreaterThan(15);
    expect(await query('ALERTS{alertname="LedgerMismatch"}')).toBeUndefined();
    // One centavo out of thin air on a player's balance: the next periodic check (every 2 s here) finds it.
    await sql`UPDATE ledger_accounts SET balance_cents = balance_cents + 1
               WHERE id = (SELECT min(id) FROM ledger_accounts WHERE kind = 'player_cash')`.execute(
      handle.db,
    );
    await until(
      'ALERTS{alertname="LedgerMismatch",alertstate="firing"}',
      (firing) => firing === 1,
      'LedgerMismatch fires',
    );
  });
});

/**
 * Under WORKERS>1 the primary owns the metrics port and answers for the whole cluster: the workers' counters
 * added up, the database's figures once.
 */
const REDIS_URL = process.env.REDIS_URL;
describe.skipIf(TEST_DATABASE !== 'postgres' || !REDIS_URL)('the metrics of a cluster (WORKERS=2)', () => {
  let database: Awaited<ReturnType<typeof sharedPostgresDatabase>>;
  let node: Node;
  let metricsPort: number;

  beforeAll(async () => {
    database = await sharedPostgresDatabase();
    // Migrated here, with a pool of its own: the cluster then starts on a current database.
    const handle = openPostgres(database.url, 4);
    await migrate(handle);
    await handle.close();
    metricsPort = await freePort();
    node = await startNode({
      DATABASE_URL: database.url,
      MIGRATE_ON_START: '0',
      REDIS_URL: REDIS_URL!,
      WORKERS: '2',
      METRICS_PORT: String(metricsPort),
    });
  }, 180_000);

  afterAll(async () => {
    await node?.stop();
    await database?.drop();
  });

  const scrape = async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    return response.text();
  };
  const healthCount = (text: string) =>
    sample(text, 'aposta_http_requests_total{method="GET",route="/api/health",status="2xx"}') ?? 0;

  it("adds up every worker's requests and reports the database once", async () => {
    // Both workers must be answering before the count starts: the primary hands out clients once they are ready.
    await eventually(
      async () => (await scrape()).includes('aposta_database_size_bytes'),
      30_000,
      'the primary answers with a worker',
    );
    const before = await scrape();
    // Twenty clients of distinct addresses: the primary spreads them over its workers.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(node.base, 'GET', '/api/health', { from: `127.0.${index + 1}.${(index % 200) + 2}` }),
      ),
    );
    expect(answers.map((answer) => answer.http)).toEqual(Array(20).fill(200));
    const after = await scrape();
    expect(healthCount(after) - healthCount(before)).toBe(20);
    expect(after.split('\n').filter((line) => line.startsWith('aposta_database_size_bytes '))).toHaveLength(
      1,
    );
    // Two pools (one per worker) in the sum.
    expect(sample(after, 'aposta_db_pool_connections{state="max"}')).toBeGreaterThan(0);
    expect((await fetch(`${node.base}/metrics`)).status).toBe(404);
  });
});
