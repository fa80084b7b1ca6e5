import { type RawBuilder, sql } from 'kysely';
import { bigintArray } from '../../db/arrays.ts';
import type { Tx } from '../../db/tx.ts';
import { ascending } from '../../lib/order.ts';
import type { HouseAccountKind, PlayerAccountKind } from './ledger.types.ts';

/**
 * Set-based postings for jobs that move money for many players at once (a round game's payouts, sports
 * settlement; modules/stakes/payout.ts is their one caller): one statement per step instead of one ledger
 * transaction statement per player. `postCashBatch` keeps every entry its own balanced journal transaction (a
 * round's payouts); `postCashJournal` writes a whole batch as one (sports settlement); `postDayCredits` pays a day
 * (commissions).
 */

/** The locked accounts of a batch: each player's cash account and balance, and the house account. */
export interface CashBatch {
  houseAccountId: bigint;
  cashAccountOf: Map<bigint, bigint>;
  /** Cash balance per player as locked; postCashBatch keeps it current. */
  cashBalanceOf: Map<bigint, bigint>;
}

export interface CashBatchEntry {
  code: string;
  idempotencyKey: string;
  referenceType: string;
  referenceId: string;
  userId: bigint;
  /** Added to the player's cash (negative takes back); the house account moves the opposite way. */
  amountCents: bigint;
}

/**
 * Opens missing accounts, then locks the players' cash accounts in ascending id order (the order every posting
 * follows, so the two cannot deadlock). The house account is only looked up: its leg goes to the house journal.
 */
export async function lockCashBatch(
  trx: Tx,
  userIds: readonly bigint[],
  house: { kind: HouseAccountKind; name?: string },
  /** The players' account of the batch: cash, or another player account kind (the daily commission). */
  playerKind: PlayerAccountKind = 'player_cash',
): Promise<CashBatch> {
  const houseName = house.name ?? '';
  // Ascending, like the locks below: two batches opening the same missing accounts wait for each other in one
  // order, never in a cycle.
  const inOrder = [...userIds].sort(ascending);
  await sql`
    INSERT INTO ledger_accounts (kind, owner_user_id, name, currency)
    SELECT ${playerKind}, u, '', 'BRL' FROM unnest(${bigintArray(inOrder)}::bigint[]) WITH ORDINALITY AS p(u, n)
     ORDER BY n
    ON CONFLICT DO NOTHING`.execute(trx);
  await sql`
    INSERT INTO ledger_accounts (kind, owner_user_id, name, currency) VALUES (${house.kind}, NULL, ${houseName}, 'BRL')
    ON CONFLICT DO NOTHING`.execute(trx);
  const players = await sql<{ id: bigint; owner_user_id: bigint; balance_cents: bigint }>`
    SELECT id, owner_user_id, balance_cents FROM ledger_accounts
     WHERE kind = ${playerKind} AND currency = 'BRL' AND owner_user_id = ANY(${bigintArray(userIds)}::bigint[])
     ORDER BY id FOR UPDATE`.execute(trx);
  const houseRow = await sql<{ id: bigint }>`
    SELECT id FROM ledger_accounts
     WHERE kind = ${house.kind} AND owner_user_id IS NULL AND name = ${houseName} AND currency = 'BRL'`.execute(
    trx,
  );
  return {
    houseAccountId: houseRow.rows[0]!.id,
    cashAccountOf: new Map(players.rows.map((row) => [row.owner_user_id, row.id])),
    cashBalanceOf: new Map(players.rows.map((row) => [row.owner_user_id, row.balance_cents])),
  };
}

/**
 * Writes the journal rows and balanced postings of every entry in a few statements, then moves each account's
 * balance once by the sum of its postings. A repeated idempotency key or a player balance that would go below
 * zero fails the whole batch (the caller's transaction rolls back): both are bugs of the caller.
 */
export async function postCashBatch(
  trx: Tx,
  batch: CashBatch,
  entries: readonly CashBatchEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  const deltas = new Map<bigint, bigint>();
  let houseDelta = 0n;
  for (const entry of entries) {
    const account = batch.cashAccountOf.get(entry.userId);
    if (account === undefined) throw new Error(`ledger: player ${entry.userId} is not in the locked batch`);
    deltas.set(account, (deltas.get(account) ?? 0n) + entry.amountCents);
    houseDelta -= entry.amountCents;
  }
  for (const [userId, account] of batch.cashAccountOf) {
    const after = batch.cashBalanceOf.get(userId)! + (deltas.get(account) ?? 0n);
    if (after < 0n) throw new Error(`ledger: batch would take player ${userId} below zero`);
  }
  // Journal ids are drawn from the table's own sequence first, so postings name their transaction directly
  // (no join of thousands of rows on the idempotency key).
  const drawn = await sql<{ id: string }>`
    SELECT nextval(pg_get_serial_sequence('ledger_transactions', 'id'))::text AS id
      FROM generate_series(1, ${entries.length})`.execute(trx);
  const journalIds = drawn.rows.map((row) => row.id);
  await sql`
    INSERT INTO ledger_transactions (id, code, idempotency_key, reference_type, reference_id) OVERRIDING SYSTEM VALUE
    SELECT * FROM unnest(${journalIds}::bigint[], ${entries.map((entry) => entry.code)}::text[],
                         ${entries.map((entry) => entry.idempotencyKey)}::text[],
                         ${entries.map((entry) => entry.referenceType)}::text[],
                         ${entries.map((entry) => entry.referenceId)}::text[])`.execute(trx);
  const playerAccounts = entries.map((entry) => batch.cashAccountOf.get(entry.userId)!.toString());
  await sql`
    INSERT INTO ledger_postings (transaction_id, account_id, amount_cents, currency)
    SELECT transaction_id, account_id, amount, 'BRL'
      FROM unnest(${[...journalIds, ...journalIds]}::bigint[],
                  ${[...playerAccounts, ...entries.map(() => batch.houseAccountId.toString())]}::bigint[],
                  ${[...entries.map((entry) => entry.amountCents.toString()), ...entries.map((entry) => (-entry.amountCents).toString())]}::bigint[])
           AS p(transaction_id, account_id, amount)`.execute(trx);
  // The house's leg of the whole batch is one row of the house journal (folded in the background), not an
  // update of the bank's row.
  if (houseDelta !== 0n) {
    await sql`
      INSERT INTO ledger_house_pending (account_id, amount_cents)
      VALUES (${batch.houseAccountId}::bigint, ${houseDelta}::bigint)`.execute(trx);
  }
  const moved = [...deltas].filter(([, delta]) => delta !== 0n);
  if (moved.length > 0) {
    await sql`
      UPDATE ledger_accounts a SET balance_cents = a.balance_cents + d.delta, updated_at = now()
        FROM unnest(${bigintArray(moved.map(([id]) => id))}::bigint[], ${moved.map(([, delta]) => delta.toString())}::bigint[])
             AS d(id, delta)
       WHERE a.id = d.id`.execute(trx);
  }
  for (const [userId, account] of batch.cashAccountOf) {
    batch.cashBalanceOf.set(userId, batch.cashBalanceOf.get(userId)! + (deltas.get(account) ?? 0n));
  }
}

export interface BatchJournal {
  code: string;
  /** The one journal transaction's key: posting the same batch twice fails on it. */
  idempotencyKey: string;
  referenceType: string;
  referenceId: string;
}

/**
 * Moves many players' cash as ONE balanced journal transaction: a leg per player (the sum of what the batch moves
 * for them) and one house leg for the total, in one statement, balances included. For settlement, where one
 * transaction per bet would cost more than the bets' own update (decision 0020). The players must be locked in
 * `batch`; a balance that would go below zero fails the batch, as in postCashBatch. Returns the transaction's
 * id, or null when nothing moves.
 */
export async function postCashJournal(
  trx: Tx,
  batch: CashBatch,
  journal: BatchJournal,
  amountOf: ReadonlyMap<bigint, bigint>,
): Promise<bigint | null> {
  const moves: [account: bigint, userId: bigint, amount: bigint][] = [];
  let houseAmount = 0n;
  for (const [userId, amount] of amountOf) {
    if (amount === 0n) continue;
    const account = batch.cashAccountOf.get(userId);
    if (account === undefined) throw new Error(`ledger: player ${userId} is not in the locked batch`);
    if (batch.cashBalanceOf.get(userId)! + amount < 0n)
      throw new Error(`ledger: batch would take player ${userId} below zero`);
    moves.push([account, userId, amount]);
    houseAmount -= amount;
  }
  if (moves.length === 0) return null;
  // Ascending account ids: the order every posting locks in (the rows are already locked; this keeps it so).
  moves.sort(([a], [b]) => ascending(a, b));
  const posted = await sql<{ id: string }>`
    WITH journal AS (
      INSERT INTO ledger_transactions (code, idempotency_key, reference_type, reference_id)
      VALUES (${journal.code}, ${journal.idempotencyKey}, ${journal.referenceType}, ${journal.referenceId})
      RETURNING id
    ), moves AS (
      SELECT * FROM unnest(${bigintArray(moves.map(([account]) => account))}::bigint[],
                           ${bigintArray(moves.map(([, , amount]) => amount))}::bigint[]) AS m(account_id, amount)
    ), legs AS (
      INSERT INTO ledger_postings (transaction_id, account_id, amount_cents, currency)
      SELECT journal.id, moves.account_id, moves.amount, 'BRL' FROM journal, moves
      UNION ALL
      SELECT journal.id, ${batch.houseAccountId}::bigint, ${houseAmount}::bigint, 'BRL' FROM journal
       WHERE ${houseAmount}::bigint <> 0
    ), balances AS (
      UPDATE ledger_accounts a SET balance_cents = a.balance_cents + moves.amount, updated_at = now()
        FROM moves WHERE a.id = moves.account_id
    ), house_leg AS (
      -- The house's leg goes to the house journal (folded in the background), not onto the bank's row.
      INSERT INTO ledger_house_pending (account_id, amount_cents)
      SELECT ${batch.houseAccountId}::bigint, ${houseAmount}::bigint WHERE ${houseAmount}::bigint <> 0
    )
    SELECT id::text AS id FROM journal`.execute(trx);
  for (const [, userId, amount] of moves) {
    batch.cashBalanceOf.set(userId, batch.cashBalanceOf.get(userId)! + amount);
  }
  return BigInt(posted.rows[0]!.id);
}

export interface DayCredits {
  code: string;
  /** The one journal transaction's key: a second posting of the same run fails on it. */
  idempotencyKey: string;
  referenceType: string;
  referenceId: string;
  house: { kind: HouseAccountKind; name?: string };
  playerKind: PlayerAccountKind;
  /**
   * The business rows to pay, as a query with the columns `user_id` and `amount_cents` (positive): the caller's
   * record of why each player is owed, read in the database so no row travels to the server and back.
   */
  rows: RawBuilder<unknown>;
}

/**
 * Credits many players at once as ONE balanced journal transaction: a leg per player's account of `playerKind`
 * and one house leg for the total (a payroll run is one journal entry with many lines). Missing accounts are
 * opened; the players' accounts are locked in ascending id order (the order of every other posting, so it
 * cannot deadlock); balances move in one statement and the house leg goes to the house journal. Credits only:
 * no balance can go below zero. Returns what was posted; nothing is written when the rows are empty.
 */
export async function postDayCredits(
  trx: Tx,
  credit: DayCredits,
): Promise<{ transactionId: bigint | null; players: number; totalCents: bigint }> {
  const houseName = credit.house.name ?? '';
  await sql`
    INSERT INTO ledger_accounts (kind, owner_user_id, name, currency) VALUES (${credit.house.kind}, NULL, ${houseName}, 'BRL')
    ON CONFLICT DO NOTHING`.execute(trx);
  // Only the players without an account reach the unique indexes (an anti-join, not a conflict per row).
  await sql`
    INSERT INTO ledger_accounts (kind, owner_user_id, name, currency)
    SELECT DISTINCT ${credit.playerKind}, r.user_id, '', 'BRL' FROM (${credit.rows}) r
     WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a
                        WHERE a.owner_user_id = r.user_id AND a.kind = ${credit.playerKind} AND a.currency = 'BRL')
    ON CONFLICT DO NOTHING`.execute(trx);
  const posted = await sql<{ transaction_id: string | null; players: number; total: string | null }>`
    WITH house AS (
      SELECT id FROM ledger_accounts
       WHERE kind = ${credit.house.kind} AND owner_user_id IS NULL AND name = ${houseName} AND currency = 'BRL'
    ), credits AS MATERIALIZED (
      -- One leg per player even if the rows name a player twice (the balance update below moves a row once).
      SELECT a.id AS account_id, r.amount_cents
        FROM (SELECT user_id, sum(amount_cents)::bigint AS amount_cents FROM (${credit.rows}) x GROUP BY user_id) r
        JOIN ledger_accounts a ON a.owner_user_id = r.user_id AND a.kind = ${credit.playerKind} AND a.currency = 'BRL'
       WHERE r.amount_cents > 0
       ORDER BY a.id
         FOR UPDATE OF a
    ), journal AS (
      INSERT INTO ledger_transactions (code, idempotency_key, reference_type, reference_id)
      SELECT ${credit.code}, ${credit.idempotencyKey}, ${credit.referenceType}, ${credit.referenceId}
       WHERE EXISTS (SELECT 1 FROM credits)
      RETURNING id
    ), legs AS (
      INSERT INTO ledger_postings (transaction_id, account_id, amount_cents, currency)
      SELECT journal.id, credits.account_id, credits.amount_cents, 'BRL' FROM journal, credits
      UNION ALL
      SELECT journal.id, house.id, -sum(credits.amount_cents), 'BRL' FROM journal, house, credits GROUP BY journal.id, house.id
    ), balances AS (
      UPDATE ledger_accounts a SET balance_cents = a.balance_cents + credits.amount_cents, updated_at = now()
        FROM credits WHERE a.id = credits.account_id
    ), house_leg AS (
      INSERT INTO ledger_house_pending (account_id, amount_cents)
      SELECT house.id, -sum(credits.amount_cents) FROM house, credits, journal GROUP BY house.id
    )
    SELECT (SELECT id FROM journal)::text AS transaction_id, count(*)::int AS players, sum(amount_cents)::text AS total
      FROM credits`.execute(trx);
  const row = posted.rows[0]!;
  return {
    transactionId: row.transaction_id === null ? null : BigInt(row.transaction_id),
    players: row.players,
    totalCents: BigInt(row.total ?? '0'),
  };
}
