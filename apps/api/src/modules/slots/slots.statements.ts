import { CompiledQuery } from 'kysely';
import type { Statement } from '../../db/one-trip.ts';
import type { SlotProvider } from '../../db/schema.slots.ts';
import type { Tx } from '../../db/tx.ts';
import type { SlotSession } from './slots.sessions.ts';

/**
 * The statements every provider callback sends, as fixed texts: building and compiling them with the query
 * builder on every callback was a tenth of the server's CPU per callback (bench/slots.ts profile). Each can go in
 * a trip (`inOneTrip`) or run alone (`executeTakeFirst`, in the transaction it was made for). Their texts depend
 * on nothing but the call's shape, so PostgreSQL plans them once per connection (statement-cache.ts).
 */
export interface Fixed<Row> extends Statement<Row> {
  executeTakeFirst(): Promise<Row | undefined>;
}

function fixed<Row>(trx: Tx, text: string, parameters: readonly unknown[]): Fixed<Row> {
  const compiled = CompiledQuery.raw(text, [...parameters]) as CompiledQuery<Row>;
  return {
    compile: () => compiled,
    executeTakeFirst: async () => (await trx.executeQuery(compiled)).rows[0],
  };
}

export type RoundRow = { id: bigint; status: string; user_id: bigint; session_id: bigint };
export type OpenRound = Pick<RoundRow, 'id' | 'status' | 'session_id'>;

/** The player's row, locked: the first lock of every money path (db/player-lock.ts). */
export const playerLock = (trx: Tx, userId: bigint) =>
  fixed<{ id: bigint }>(trx, 'select "id" from "users" where "id" = $1 for no key update', [userId]);
export const sessionState = (trx: Tx, sessionId: bigint) =>
  fixed<{ expires_at: Date; closed_at: Date | null }>(
    trx,
    'select "expires_at", "closed_at" from "slot_sessions" where "id" = $1',
    [sessionId],
  );
export const earlierCopy = (trx: Tx, provider: SlotProvider, txId: string) =>
  fixed<{ id: bigint; kind: string; user_id: bigint; balance_cents: bigint }>(
    trx,
    'select "id", "kind", "user_id", "balance_cents" from "slot_transactions" where "provider" = $1 and "provider_tx_id" = $2',
    [provider, txId],
  );
export const roundOf = (trx: Tx, provider: SlotProvider, roundRef: string) =>
  fixed<RoundRow>(
    trx,
    'select "id", "status", "user_id", "session_id" from "slot_rounds" where "provider" = $1 and "round_ref" = $2 for update',
    [provider, roundRef],
  );
// `kind` as a literal, not a parameter: the index on rollbacks is partial (kind = 'rollback'), and the generic plan
// of a prepared statement (statement-cache.ts) cannot use it for `kind = $2`: it scanned the whole table.
export const tombstoneOf = (trx: Tx, provider: SlotProvider, txId: string) =>
  fixed<{ id: bigint }>(
    trx,
    `select "id" from "slot_transactions" where "provider" = $1 and "kind" = 'rollback' and "target_tx_id" = $2`,
    [provider, txId],
  );
export const catalogRow = (trx: Tx, gameCode: string) =>
  fixed<{ stop: boolean; bet_max_cents: bigint }>(
    trx,
    'select "stop", "bet_max_cents" from "game_catalog" where "code" = $1',
    [gameCode],
  );
/** The player's accounts, locked in ascending id order as a posting locks them: nothing moves them until commit. */
export const lockedAccounts = (trx: Tx, userId: bigint) =>
  fixed<{ kind: string; balance_cents: bigint }>(
    trx,
    `select "kind", "balance_cents" from "ledger_accounts" where "owner_user_id" = $1 and "currency" = 'BRL' order by "id" for update`,
    [userId],
  );

/**
 * A debit's round, its stake counted. Another callback may open the same round id at this moment (the player's
 * own, or another player's): the insert then waits for it and yields, and the round it opened is read like any
 * existing one.
 */
export const roundInsert = (trx: Tx, session: SlotSession, roundRef: string, stakeCents: bigint) =>
  fixed<OpenRound>(
    trx,
    `insert into "slot_rounds" ("provider", "round_ref", "user_id", "session_id", "game_code", "stake_cents")
     values ($1, $2, $3, $4, $5, $6) on conflict ("provider", "round_ref") do nothing
     returning "id", "status", "session_id"`,
    [session.provider, roundRef, session.userId, session.id, session.gameCode, stakeCents],
  );

const TOTAL = {
  stake_cents: 'update "slot_rounds" set "stake_cents" = "stake_cents" + $1 where "id" = $2',
  win_cents: 'update "slot_rounds" set "win_cents" = "win_cents" + $1 where "id" = $2',
};
const TOTAL_AND_CLOSE = {
  stake_cents: `update "slot_rounds" set "stake_cents" = "stake_cents" + $1, "status" = 'closed', "closed_at" = $3 where "id" = $2`,
  win_cents: `update "slot_rounds" set "win_cents" = "win_cents" + $1, "status" = 'closed', "closed_at" = $3 where "id" = $2`,
};

/** The round's stake or win total, and its close when the provider ended the round with this movement. */
export const roundTotal = (
  trx: Tx,
  roundId: bigint,
  column: 'stake_cents' | 'win_cents',
  cents: bigint,
  close: boolean,
) =>
  close
    ? fixed<never>(trx, TOTAL_AND_CLOSE[column], [cents, roundId, new Date()])
    : fixed<never>(trx, TOTAL[column], [cents, roundId]);

/** A callback row of a debit or credit, its id drawn beforehand (`nextTxId`) or, for a free spin, the table's. */
export const movementRow = (
  trx: Tx,
  row: {
    id: bigint | undefined;
    session: SlotSession;
    kind: 'debit' | 'credit';
    txId: string;
    roundId: bigint;
    amountCents: bigint;
    fromCashCents: bigint;
    fromBonusCents: bigint;
    balanceCents: bigint;
  },
) =>
  fixed<{ id: bigint }>(
    trx,
    `insert into "slot_transactions" ("id", "provider", "provider_tx_id", "kind", "user_id", "round_id",
       "amount_cents", "from_cash_cents", "from_bonus_cents", "balance_cents")
     values (coalesce($1::bigint, nextval('slot_transactions_id_seq')), $2, $3, $4, $5, $6, $7, $8, $9, $10)
     returning "id"`,
    [
      row.id ?? null,
      row.session.provider,
      row.txId,
      row.kind,
      row.session.userId,
      row.roundId,
      row.amountCents,
      row.fromCashCents,
      row.fromBonusCents,
      row.balanceCents,
    ],
  );
