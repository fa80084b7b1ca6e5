import { CompiledQuery, type RawBuilder, sql } from 'kysely';
import { type Db, PREPARED } from '../../db/connection.ts';
import { inOneTrip, type RowsOfEach, type Statement } from '../../db/one-trip.ts';
import type { Tx } from '../../db/tx.ts';
import { insufficientFunds } from '../../lib/domain-error.ts';
import { accountKey, assertBalanced, mergePostings } from './ledger.rules.ts';
import type { AccountRef, PostedTransaction, Posting, TransactionInput } from './ledger.types.ts';

// Account ids never change once opened (accounts are never deleted), so a process may remember them. The posting
// statement re-checks every remembered id against its kind, owner and name, so a stale entry (say, from another
// database in the same process) can never move money: it is dropped and looked up again.
const accountIds = new Map<string, bigint>();
const ACCOUNT_CACHE_MAX = 100_000;

/** Finds or opens the ledger account an `AccountRef` names; returns its id. */
export async function accountId(trx: Db | Tx, account: AccountRef, currency = 'BRL'): Promise<bigint> {
  const cached = accountIds.get(`${accountKey(account)}:${currency}`);
  return cached ?? lookUpAccountId(trx, account, currency);
}

/**
 * Reads (or opens) the account in the database and remembers its id. An id may be remembered by a transaction that
 * opened the account and has not committed yet (or rolled back): the posting then finds it stale and asks here
 * directly, never the memory another transaction may have written again in the meantime.
 */
async function lookUpAccountId(trx: Db | Tx, account: AccountRef, currency: string): Promise<bigint> {
  const cacheKey = `${accountKey(account)}:${currency}`;
  const owner = 'userId' in account ? account.userId : null;
  const name = 'userId' in account ? '' : (account.name ?? '');
  const find = () => {
    let query = trx
      .selectFrom('ledger_accounts')
      .select('id')
      .where('kind', '=', account.kind)
      .where('currency', '=', currency)
      .where('name', '=', name);
    query =
      owner === null ? query.where('owner_user_id', 'is', null) : query.where('owner_user_id', '=', owner);
    return query.executeTakeFirst();
  };
  let row = await find();
  if (!row) {
    await trx
      .insertInto('ledger_accounts')
      .values({ kind: account.kind, owner_user_id: owner, name, currency })
      .onConflict((oc) => oc.doNothing())
      .execute();
    row = await find();
  }
  if (!row) throw new Error(`ledger: could not open account ${accountKey(account)}`);
  if (accountIds.size >= ACCOUNT_CACHE_MAX) accountIds.clear();
  accountIds.set(cacheKey, row.id);
  return row.id;
}

interface PostedRow {
  journal_id: string | null;
  existing_id: string | null;
  allowed: boolean | null;
  locked: string;
}

/**
 * Writes one balanced transaction inside the caller's database transaction (the one that writes the business
 * record), in ONE statement: lock the players' accounts in id order (house accounts are never locked: their legs
 * go to the house journal, `ledger_house_pending`, folded into their balance in the background, so no bet waits
 * on a game's bank), decide whether every debit keeps its player account at or above zero, and only then write
 * the journal row, the players' balances, the house journal rows and the postings. A refused debit throws
 * INSUFFICIENT_FUNDS and leaves nothing behind, even when the caller catches the error and goes on. A repeated
 * idempotency key moves nothing and returns the first transaction; a concurrent request with the same key waits on
 * the unique index and then does the same.
 */
export function postTransaction(trx: Tx, input: TransactionInput): Promise<PostedTransaction> {
  return post(trx, input);
}

/**
 * `postTransaction` for a transaction that is a database transaction of its own (nothing else to write with it):
 * the posting statement alone, which PostgreSQL runs as one implicit transaction, in one trip, with no BEGIN or
 * COMMIT. Safe because the statement writes all or nothing: a refused debit, a stale account or a repeated key
 * write nothing, and what follows them (the refusal, the lookup again, the first transaction) needs no lock.
 */
export function postAlone(db: Db, input: TransactionInput): Promise<PostedTransaction> {
  return post(db, input);
}

async function post(trx: Db | Tx, input: TransactionInput): Promise<PostedTransaction> {
  const { currency, postings } = await resolvePostings(trx, input);
  const first = await writeTransaction(trx, input, currency, postings);
  if (first !== 'stale_account') return first;
  const fresh = [];
  for (const posting of postings)
    fresh.push({ ...posting, accountId: await lookUpAccountId(trx, posting.account, currency) });
  const second = await writeTransaction(trx, input, currency, fresh);
  if (second === 'stale_account') throw new Error(`ledger: ${input.code} names a missing account`);
  return second;
}

/**
 * `postTransaction` for several transactions, sent in one trip to the database after `statements` (the caller's
 * business record: statements that do not need the postings' answers), in the caller's transaction. Answers the
 * statements' rows and each transaction as posted. A refused debit throws INSUFFICIENT_FUNDS as in
 * `postTransaction`, but the transactions after it in the trip may have been written: the caller's transaction
 * must roll back on it (as every stake's does). A transaction the trip did not write for another reason (a
 * stale remembered account, a repeated key) is posted again on its own, which answers as `postTransaction` does.
 */
export async function postInOneTrip<const S extends readonly Statement<unknown>[]>(
  trx: Tx,
  statements: S,
  inputs: readonly TransactionInput[],
): Promise<{ answers: RowsOfEach<S>; posted: PostedTransaction[] }> {
  const prepared = [];
  for (const input of inputs) {
    const { currency, postings } = await resolvePostings(trx, input);
    prepared.push({ input, postings, statement: postingStatement(input, currency, postings) });
  }
  const all: unknown[][] = await inOneTrip(trx, [
    ...statements,
    ...prepared.map(({ statement }) => statement),
  ]);
  const posted: PostedTransaction[] = [];
  for (const [index, { input, postings }] of prepared.entries()) {
    const row = all[statements.length + index]![0] as PostedRow;
    const settled = await settleWrite(trx, input, postings, row);
    posted.push(settled === 'stale_account' ? await post(trx, input) : settled);
  }
  return { answers: all.slice(0, statements.length) as RowsOfEach<S>, posted };
}

/** The postings of `input`, merged per account, with their accounts' ids (opened where new). */
async function resolvePostings(trx: Db | Tx, input: TransactionInput) {
  assertBalanced(input);
  const currency = input.currency ?? 'BRL';
  const postings = [];
  for (const posting of mergePostings(input.postings)) {
    postings.push({ ...posting, accountId: await accountId(trx, posting.account, currency) });
  }
  if (postings.length === 0) throw new Error(`ledger: ${input.code} moves nothing`);
  return { currency, postings };
}

async function writeTransaction(
  trx: Db | Tx,
  input: TransactionInput,
  currency: string,
  postings: (Posting & { accountId: bigint })[],
): Promise<PostedTransaction | 'stale_account'> {
  const result = await trx.executeQuery(postingStatement(input, currency, postings).compile(trx));
  return settleWrite(trx, input, postings, result.rows[0]!);
}

/**
 * The posting statement: check that every remembered account id still names its account, lock the players'
 * accounts in id order, decide whether every debit keeps its player account at or above zero, and only then write
 * the journal row, the players' balances, the house journal rows and the postings (`postTransaction` says why
 * house accounts are not locked). Its text depends only on the number of postings and is built once per number:
 * a posting pays neither for building nor for hashing a new text (statement-cache.ts names it from its text).
 */
function postingStatement(
  input: TransactionInput,
  currency: string,
  postings: readonly (Posting & { accountId: bigint })[],
): Statement<PostedRow> {
  const parameters: unknown[] = [];
  for (const posting of postings) {
    const owner = 'userId' in posting.account ? posting.account.userId : null;
    const name = 'userId' in posting.account ? '' : (posting.account.name ?? '');
    parameters.push(posting.accountId, posting.amountCents, posting.account.kind, owner, name);
  }
  parameters.push(currency, input.code, input.idempotencyKey, input.referenceType, input.referenceId);
  const compiled = CompiledQuery.raw(postingText(postings.length), parameters) as CompiledQuery<PostedRow>;
  return { compile: () => compiled };
}

const postingTexts: string[] = [];
function postingText(count: number): string {
  const known = postingTexts[count];
  if (known !== undefined) return known;
  const values = Array.from({ length: count }, (_, index) => {
    const at = index * 5;
    return `($${at + 1}::bigint, $${at + 2}::bigint, $${at + 3}::text, $${at + 4}::bigint, $${at + 5}::text)`;
  }).join(', ');
  const [currency, code, key, referenceType, referenceId] = [1, 2, 3, 4, 5].map((n) => `$${count * 5 + n}`);
  // The accounts are distinct (mergePostings), so plain counts say whether every id named its account. Only then
  // are the players' rows locked; their balances are read from the locked rows, after any earlier writer.
  const text = `${PREPARED}
    WITH p(account_id, amount, kind, owner, name) AS (VALUES ${values}),
    matching AS (
      SELECT p.account_id, p.amount, p.owner FROM p JOIN ledger_accounts a ON a.id = p.account_id
       WHERE a.kind = p.kind AND a.owner_user_id IS NOT DISTINCT FROM p.owner AND a.name = p.name
         AND a.currency = ${currency}::text),
    locked AS (
      SELECT a.id, a.balance_cents FROM matching m JOIN ledger_accounts a ON a.id = m.account_id
       WHERE m.owner IS NOT NULL AND (SELECT count(*) FROM matching) = ${count}
       ORDER BY a.id FOR UPDATE OF a),
    verdict AS (
      SELECT count(*) AS matched,
             bool_and(m.amount >= 0 OR m.owner IS NULL OR l.balance_cents + m.amount >= 0) AS allowed
        FROM matching m LEFT JOIN locked l ON l.id = m.account_id),
    j AS (
      INSERT INTO ledger_transactions (code, idempotency_key, reference_type, reference_id)
      SELECT ${code}::text, ${key}::text, ${referenceType}::text, ${referenceId}::text
        FROM verdict WHERE allowed AND matched = ${count}
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id),
    u AS (
      UPDATE ledger_accounts a SET balance_cents = a.balance_cents + p.amount, updated_at = now()
        FROM p, j WHERE a.id = p.account_id AND p.owner IS NOT NULL),
    hp AS (
      INSERT INTO ledger_house_pending (account_id, amount_cents)
      SELECT p.account_id, p.amount FROM j, p WHERE p.owner IS NULL),
    ins AS (
      INSERT INTO ledger_postings (transaction_id, account_id, amount_cents, currency)
      SELECT j.id, p.account_id, p.amount, ${currency}::text FROM j, p)
    SELECT (SELECT id::text FROM j) AS journal_id,
           (SELECT id::text FROM ledger_transactions
             WHERE idempotency_key = ${key}::text AND NOT EXISTS (SELECT FROM j)) AS existing_id,
           verdict.allowed, verdict.matched::text AS locked
      FROM verdict`;
  postingTexts[count] = text;
  return text;
}

/** What the posting statement's answer means: posted, posted before (same key), a stale account, or refused. */
async function settleWrite(
  trx: Db | Tx,
  input: TransactionInput,
  postings: readonly Posting[],
  row: PostedRow,
): Promise<PostedTransaction | 'stale_account'> {
  if (row.journal_id !== null) return { transactionId: BigInt(row.journal_id), replayed: false };
  if (row.existing_id !== null) return { transactionId: BigInt(row.existing_id), replayed: true };
  // Not every id named its account in this statement's snapshot (a remembered id from another database, or an
  // account another transaction opened and has not committed): nothing was locked, so looking the ids up again
  // (and waiting there for that transaction) cannot deadlock with it.
  if (Number(row.locked) !== postings.length) return 'stale_account';
  // Not written: either a concurrent request with the same key committed first (it stands), or a debit was refused.
  const concurrent = await trx
    .selectFrom('ledger_transactions')
    .select('id')
    .where('idempotency_key', '=', input.idempotencyKey)
    .executeTakeFirst();
  if (concurrent) return { transactionId: concurrent.id, replayed: true };
  if (row.allowed === false) throw insufficientFunds();
  throw new Error(`ledger: ${input.code} was neither written nor refused`);
}

/**
 * Balances of a player's accounts: the one reader of them (every module asks here). Inside a transaction it may
 * lock them for a decision; outside one (`Db`) it reads what is committed. A player with no account yet has zero.
 */
export async function playerBalances(
  db: Db | Tx,
  userId: bigint,
  options: { lock?: boolean } = {},
): Promise<PlayerBalances> {
  let query = db
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance_cents'])
    .where('owner_user_id', '=', userId)
    .where('currency', '=', 'BRL')
    .orderBy('id');
  if (options.lock) query = query.forUpdate();
  return balancesOf(await query.execute());
}

export interface PlayerBalances {
  cashCents: bigint;
  bonusCents: bigint;
  holdCents: bigint;
}

/** A player's balances from their account rows (the balance as bigint, or as text where it came as json). */
export function balancesOf(
  rows: readonly { kind: string; balance_cents: bigint | string }[],
): PlayerBalances {
  const of = (kind: string) => BigInt(rows.find((row) => row.kind === kind)?.balance_cents ?? 0n);
  return {
    cashCents: of('player_cash'),
    bonusCents: of('player_bonus'),
    holdCents: of('player_withdrawal_hold'),
  };
}

/**
 * `playerBalances(…, { lock: true })` as a part of a larger statement (a stake's opening, modules/stakes): the
 * accounts of the player `owner` names (an expression of that statement), locked in id order, as json rows for
 * `balancesOf`. The statement must lock the player's row first (docs/ledger.md's lock order).
 */
export const lockedPlayerAccounts = (owner: RawBuilder<unknown>) => sql<{
  kind: string;
  balance_cents: string;
}>`
      SELECT kind, balance_cents::text AS balance_cents FROM ledger_accounts
       WHERE owner_user_id = ${owner} AND currency = 'BRL' ORDER BY id FOR UPDATE`;

/**
 * Folds the house journal (`ledger_house_pending`) into the house accounts' balances, in one transaction;
 * answers how many rows it folded. Safe to run anywhere at any time, on any number of servers at once.
 */
export async function foldHouseJournal(db: Db): Promise<number> {
  const result = await sql<{ folded: string }>`SELECT ledger_fold_house()::text AS folded`.execute(db);
  return Number(result.rows[0]?.folded ?? 0);
}

/** Any account's balance including house journal rows not yet folded (the `ledger_balances` view). */
export async function accountBalance(db: Db | Tx, id: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_balances')
    .select('balance_cents')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.balance_cents ?? 0n;
}
