import { loadConfig } from '../config.ts';
import { openPglite, openPostgres } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { checkLedger } from '../modules/ledger/ledger.check.ts';

/** `npm run ledger:check`: reconciles the ledger of the configured database; exit 1 names every difference. */
const config = loadConfig();
const database = config.databaseUrl ? openPostgres(config.databaseUrl, 2) : await openPglite(config.dataDir);
try {
  await migrate(database);
  const problems = await checkLedger(database.db);
  const accounts = await database.db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  if (problems.length === 0) {
    console.log(
      `ledger check clean: ${accounts.count} accounts, postings sum to zero, no negative player balance`,
    );
  } else {
    for (const problem of problems) {
      console.error(`LEDGER ${problem.kind}: ${problem.account ?? ''} ${problem.detail}`.replace(/ +/g, ' '));
    }
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
