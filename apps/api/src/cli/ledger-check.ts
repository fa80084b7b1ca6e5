import { sql } from 'kysely';
import { loadConfig } from '../config.ts';
import { openPglite, openPostgres } from '../db/connection.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { isFreshDataDir } from '../db/pglite-template.ts';
import { checkLedger } from '../modules/ledger/ledger.check.ts';

/**
 * `npm run ledger:check`: reconciles the ledger of the configured database; exit 1 names every difference.
 * An auditor's tool looks at the books as they are: it never migrates, never creates a database, and reads in one
 * read-only snapshot. A database whose migrations are behind this code is refused (exit 2): the check's queries
 * are written for the current schema and would misread an older one.
 */
const config = loadConfig();
if (!config.databaseUrl && isFreshDataDir(config.dataDir)) {
  console.error(`ledger check refused: no database in ${config.dataDir} (set DATA_DIR or DATABASE_URL)`);
  process.exit(2);
}
// Set at the end, after close: closing PGlite resets process.exitCode, so a failed check would exit 0.
let exitCode = 0;
const database = config.databaseUrl ? openPostgres(config.databaseUrl, 2) : await openPglite(config.dataDir);
try {
  const pending = await pendingMigrations(database);
  if (pending.length > 0) {
    console.error(
      `ledger check refused: the database lacks ${pending.length} migration(s) of this code ` +
        `(${pending.join(', ')}); run 'npm run migrate' with the same DATABASE_URL, then check again`,
    );
    exitCode = 2;
  } else {
    const { problems, accounts } = await database.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        await sql`SET TRANSACTION READ ONLY`.execute(trx);
        const found = await checkLedger(trx);
        const count = await trx
          .selectFrom('ledger_accounts')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow();
        return { problems: found, accounts: count.count };
      });
    if (problems.length === 0) {
      console.log(
        `ledger check clean: ${accounts} accounts, postings sum to zero, no negative player balance`,
      );
    } else {
      for (const problem of problems) {
        console.error(
          `LEDGER ${problem.kind}: ${problem.account ?? ''} ${problem.detail}`.replace(/ +/g, ' '),
        );
      }
      exitCode = 1;
    }
  }
} finally {
  await database.close();
}
process.exit(exitCode);
