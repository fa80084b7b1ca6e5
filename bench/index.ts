import { runPgbenchBaseline, runWalletBench } from './wallet.ts';

/**
 * `npm run bench`: every figure next to a baseline measured in the same run on the same server, reported as a
 * ratio (figures from different runs or machines are not comparable).
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('npm run bench needs DATABASE_URL (a PostgreSQL server it may create databases on)');
  process.exit(2);
}

const ratio = (value: number, baseline: number) => (value / baseline).toFixed(2);
const results: string[] = [];

const pgbench = await runPgbenchBaseline(databaseUrl);
results.push(`pgbench TPC-B-like (baseline)      ${pgbench.tps.toFixed(0)} tps`);
const wallet = await runWalletBench(databaseUrl);
results.push(
  `wallet debit+credit transactions   ${wallet.opsPerSecond.toFixed(0)} ops/s  ratio ${ratio(wallet.opsPerSecond, pgbench.tps)} of pgbench (target ≥ 0.50), ledger:check ${wallet.ledgerClean ? 'clean' : 'FAILED'}`,
);

const optional = async (file: string, run: (module: Record<string, unknown>) => Promise<void>) => {
  try {
    await run(await import(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return;
    throw error;
  }
};
await optional('./games.ts', async (module) => {
  const games = await (module.runGamesBench as (url: string) => Promise<{ diceBetsPerSecond: number }>)(
    databaseUrl,
  );
  results.push(
    `dice bets over HTTP                ${games.diceBetsPerSecond.toFixed(0)} bets/s  ratio ${ratio(games.diceBetsPerSecond, wallet.opsPerSecond)} of the wallet rate (the cost of the game layer)`,
  );
});
await optional('./sportsbook-settle.ts', async (module) => {
  const sports =
    (await (module.runSportsbookBench as (url: string) => Promise<Record<string, number>>)(databaseUrl)) ??
    {};
  results.push(`sportsbook settlement              ${JSON.stringify(sports)}`);
});

console.log('\nBenchmark results');
for (const line of results) console.log(`  ${line}`);
if (!wallet.ledgerClean) process.exitCode = 1;
