import { createHash } from 'node:crypto';

/**
 * A statement whose text starts with this comment runs as a named prepared statement from its first call: PostgreSQL
 * parses and plans it once per connection instead of on every call. For the few hot statements whose planning costs
 * more than their execution (the ledger's posting statement); their text must depend only on the shape of the call.
 */
export const PREPARED = '/*prepared*/';
/**
 * Every other statement becomes one once its text has been seen PREPARE_AFTER times (JDBC's prepareThreshold):
 * a bet's dozen short statements cost PostgreSQL more to parse and plan than to run, and the database is what a
 * bet waits for. At most PREPARED_MAX texts are ever named, so a query built with a varying shape (an IN list)
 * cannot fill every connection's memory. Statements over arrays (ANY, unnest: settlement, reports) stay unnamed:
 * their best plan depends on the array's length, which a cached generic plan does not see. So do statements that
 * select every column (`*`): a column a newer server's migration adds would change their result, which PostgreSQL
 * refuses for a prepared statement (connection.ts closes a connection that meets it anyway).
 */
const PREPARE_AFTER = 3;
const PREPARED_MAX = 500;
const SEEN_MAX = 10_000;
const preparedNames = new Map<string, string>();
const seenTexts = new Map<string, number>();
const ARRAY_STATEMENT = /\b(?:any|unnest)\s*\(/i;
/** `select *`, `t.*`, `returning *`: their columns follow the table, so a migration would stale their plan. */
const ALL_COLUMNS = /(?:^|[\s,.])\*\s*(?:,|\)|from\b|$)/i;

/** The name a statement runs under, or undefined to run it unnamed (parsed and planned on this call). */
export function statementName(text: string): string | undefined {
  const known = preparedNames.get(text);
  if (known !== undefined) return known;
  const marked = text.startsWith(PREPARED);
  if (!marked) {
    if (preparedNames.size >= PREPARED_MAX || ARRAY_STATEMENT.test(text) || ALL_COLUMNS.test(text))
      return undefined;
    const seen = (seenTexts.get(text) ?? 0) + 1;
    if (seen < PREPARE_AFTER) {
      if (seenTexts.size >= SEEN_MAX) seenTexts.clear();
      seenTexts.set(text, seen);
      return undefined;
    }
    seenTexts.delete(text);
  }
  const name = `p_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
  preparedNames.set(text, name);
  return name;
}
