import { sql } from 'kysely';
import type { Statement } from '../../db/one-trip.ts';
import type { Tx } from '../../db/tx.ts';
import { accountKey, assertBalanced, mergePostings } from './ledger.rules.ts';
import type { AccountRef, TransactionInput } from './ledger.types.ts';

/**
 * Many balanced transactions written set-based in ONE statement (the bet engine's batches, decision 0058): each
 * stays its own journal row with its own key and balanced postings, so `ledger:check` and every reader see what
 * one-by-one posting writes. The player accounts' balances move once per account by the sum of their postings and
 * the house legs go to the house journal as one row per house account (aggregated), as `postCashBatch` does.
 *
 * The caller must hold the player accounts' locks (taken in ascending id order before its decisions) and have
 * decided every debit from those locked balances: a balance below zero (the CHECK constraint), a repeated key or a
 * missing account fails the statement, and the caller's transaction with it (the bet engine then splits the batch).
 */

/** Journal ids drawn from the table's own sequence, for `setBasedPostings` (sent in the caller's trip). */
export const drawJournalIds = (count: number) => sql<{ id: string }>`
  SELECT nextval(s.seq)::text AS id
    FROM (SELECT pg_get_serial_sequence('ledger_transactions', 'id')::regclass AS seq) s, generate_series(1, ${count})`;

interface Columns {
  ids: string[];
  codes: string[];
  keys: string[];
  types: string[];
  refs: string[];
  legJournal: string[];
  legAccount: string[];
  legAmount: string[];
}

/**
 * The statement that writes `inputs` with the drawn `journalIds` (one per input, in order). `known` gives the ids of
 * the accounts the caller read in this transaction (its locked player accounts, the banks), by `accountKey`; an
 * account it does not know is looked up or opened (`accountId`).
 */
export async function setBasedPostings(
  trx: Tx,
  inputs: readonly TransactionInput[],
  journalIds: readonly string[],
  known: ReadonlyMap<string, bigint>,
): Promise<Statement<unknown>> {
  const columns: Columns = {
    ids: [],
    codes: [],
    keys: [],
    types: [],
    refs: [],
    legJournal: [],
    legAccount: [],
    legAmount: [],
  };
  const playerDelta = new Map<bigint, bigint>();
  const houseDelta = new Map<bigint, bigint>();
  for (const [index, input] of inputs.entries()) {
    assertBalanced(input);
    if ((input.currency ?? 'BRL') !== 'BRL') throw new Error('ledger: set-based posting is for BRL only');
    const id = journalIds[index]!;
    columns.ids.push(id);
    columns.codes.push(input.code);
    columns.keys.push(input.idempotencyKey);
    columns.types.push(input.referenceType);
    columns.refs.push(input.referenceId);
    for (const posting of mergePostings(input.postings)) {
      const account = known.get(accountKey(posting.account)) ?? (await freshAccountId(trx, posting.account));
      columns.legJournal.push(id);
      columns.legAccount.push(account.toString());
      columns.legAmount.push(posting.amountCents.toString());
      const deltas = 'userId' in posting.account ? playerDelta : houseDelta;
      deltas.set(account, (deltas.get(account) ?? 0n) + posting.amountCents);
    }
  }
  return setBasedStatement(columns, nonZero(playerDelta), nonZero(houseDelta));
}

/** An integer array parameter as PostgreSQL's array text (`bigintArray` for texts of integers too). */
const bigintArray = (values: readonly (string | bigint)[]): string => `{${values.join(',')}}`;

/**
 * An account the caller did not read, looked up (opened when new) in this transaction. Not through the process's
 * remembered ids (`accountId`): this statement does not re-check an id against its account as the posting
 * statement does, so a remembered id of another database (tests run several in one process) must never reach it.
 */
async function freshAccountId(trx: Tx, account: AccountRef): Promise<bigint> {
  const owner = 'userId' in account ? account.userId : null;
  const name = 'userId' in account ? '' : (account.name ?? '');
  const rows = await sql<{ id: string }>`
    WITH opened AS (
      INSERT INTO ledger_accounts (kind, owner_user_id, name, currency) VALUES (${account.kind}, ${owner}, ${name}, 'BRL')
      ON CONFLICT DO NOTHING RETURNING id)
    SELECT id::text FROM opened
    UNION ALL
    SELECT id::text FROM ledger_accounts
     WHERE kind = ${account.kind} AND owner_user_id IS NOT DISTINCT FROM ${owner}::bigint AND name = ${name}
       AND currency = 'BRL'`.execute(trx);
  const row = rows.rows[0];
  if (!row) throw new Error(`ledger: could not open account ${accountKey(account)}`);
  return BigInt(row.id);
}

const nonZero = (deltas: Map<bigint, bigint>) =>
  [...deltas].filter(([, delta]) => delta !== 0n).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

function setBasedStatement(c: Columns, players: [bigint, bigint][], houses: [bigint, bigint][]) {
  return sql`
    WITH j AS (
      INSERT INTO ledger_transactions (id, code, idempotency_key, reference_type, reference_id) OVERRIDING SYSTEM VALUE
      SELECT * FROM unnest(${bigintArray(c.ids)}::bigint[], ${c.codes}::text[], ${c.keys}::text[],
                           ${c.types}::text[], ${c.refs}::text[])
    ), p AS (
      INSERT INTO ledger_postings (transaction_id, account_id, amount_cents, currency)
      SELECT t, a, m, 'BRL' FROM unnest(${bigintArray(c.legJournal)}::bigint[], ${bigintArray(c.legAccount)}::bigint[],
                                        ${bigintArray(c.legAmount)}::bigint[]) AS x(t, a, m)
    ), u AS (
      UPDATE ledger_accounts a SET balance_cents = a.balance_cents + d.delta, updated_at = now()
        FROM unnest(${bigintArray(players.map(([id]) => id))}::bigint[],
                    ${bigintArray(players.map(([, delta]) => delta))}::bigint[]) AS d(id, delta)
       WHERE a.id = d.id AND a.owner_user_id IS NOT NULL
    )
    INSERT INTO ledger_house_pending (account_id, amount_cents)
    SELECT * FROM unnest(${bigintArray(houses.map(([id]) => id))}::bigint[],
                         ${bigintArray(houses.map(([, delta]) => delta))}::bigint[])`;
}
