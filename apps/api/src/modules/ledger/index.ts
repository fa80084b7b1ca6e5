import type { AppContext } from '../../app-context.ts';
import type { RegisterModule } from '../../app-module.ts';
import { recordLedgerCheck } from '../../platform/metrics.ts';
import { checkLedger } from './ledger.check.ts';
import { foldHouseJournal } from './ledger.service.ts';

/** How often the house journal is folded into the house balances (they are exact with the journal at any time). */
const HOUSE_FOLD_INTERVAL_MS = 1_000;

/** The periodic reconciliation: logs an alarm naming each difference. */
async function reconcile(ctx: AppContext): Promise<void> {
  const problems = await checkLedger(ctx.db);
  recordLedgerCheck(problems.length);
  if (problems.length > 0) ctx.log.fatal({ problems }, 'ledger check failed');
  else ctx.log.info('ledger check clean');
}

/** The ledger has no routes of its own: other modules post through its service; here it keeps its books. */
export const register: RegisterModule = (_app, ctx) => {
  const intervalMs = ctx.config.ledgerCheckIntervalSeconds * 1000;
  ctx.background.every({
    name: 'ledger-check',
    intervalMs,
    firstDelayMs: intervalMs,
    tick: () => reconcile(ctx),
  });
  ctx.background.every({
    name: 'ledger-house-fold',
    intervalMs: HOUSE_FOLD_INTERVAL_MS,
    tick: () => foldHouseJournal(ctx.db),
  });
};
