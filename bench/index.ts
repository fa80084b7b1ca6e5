import { runReportsBench } from './admin-reports.ts';
import { runCommissionBench } from './commission.ts';
import { runGamesBench } from './games.ts';
import { runSportsbookBench } from './sportsbook-settle.ts';
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

const games = await runGamesBench(databaseUrl);
results.push(
  `dice bets over HTTP                ${games.diceBetsPerSecond.toFixed(0)} bets/s  ratio ${ratio(games.diceBetsPerSecond, wallet.opsPerSecond)} of the wallet rate (the cost of the game layer)`,
);
const sports = await runSportsbookBench(databaseUrl, 100_000);
results.push(
  `sportsbook settlement              ${sports.bets} bets in ${sports.settleMs} ms = ${sports.betsSettledPerSecond} bets/s; ` +
    `one bulk UPDATE of the same rows ${sports.bulkUpdateMs} ms (ratio ${sports.ratio}×), ledger:check ${sports.ledgerClean ? 'clean' : 'FAILED'}`,
);

const reports = await runReportsBench(databaseUrl, 1_000_000);
results.push(
  `back office daily report, 30 days  ${reports.bets} bets (${reports.transactions} journal rows): ${reports.rolledUpReportMs} ms with the rollup (target ≤ 1000 ms), ` +
    `${reports.liveReportMs} ms unfolded, fold ${reports.foldMs} ms; one sum over all postings ${reports.scanBaselineMs} ms (ratio ${ratio(reports.rolledUpReportMs, reports.scanBaselineMs)}), ` +
    `${reports.sameAnswer ? 'same answer' : 'ANSWERS DIFFER'}, ledger:check ${reports.ledgerClean ? 'clean' : 'FAILED'}`,
);

const commission = await runCommissionBench(databaseUrl);
results.push(
  `daily commission job               ${commission.players} players, ${commission.stakes} stakes: ${commission.jobMs} ms; ` +
    `one aggregate over the same stakes ${commission.aggregateMs} ms (ratio ${commission.ratio}×, target ≤ 3), ` +
    `second run ${commission.secondRunSettled ? 'PAID AGAIN' : 'moved nothing'}, ledger:check ${commission.ledgerClean ? 'clean' : 'FAILED'}`,
);

console.log('\nBenchmark results');
for (const line of results) console.log(`  ${line}`);
if (
  !wallet.ledgerClean ||
  !sports.ledgerClean ||
  !reports.ledgerClean ||
  !reports.sameAnswer ||
  !commission.ledgerClean ||
  commission.secondRunSettled
)
  process.exitCode = 1;
