import { applyMultiplier } from '@aposta/fair';
import { sql } from 'kysely';
import type { AppContext } from '../../../app-context.ts';
import { bigintArray } from '../../../db/arrays.ts';
import { inOneTrip, type Statement } from '../../../db/one-trip.ts';
import type { GameCode } from '../../../db/schema.games.ts';
import { PREPARED } from '../../../db/statement-cache.ts';
import type { Tx } from '../../../db/tx.ts';
import { DomainError } from '../../../lib/domain-error.ts';
import { replayStored, type StoredKey } from '../../../lib/idempotency-key.ts';
import { asUnit } from '../../../platform/after-commit.ts';
import { drawJournalIds, setBasedPostings } from '../../ledger/ledger.bets.ts';
import { type StakeClock, stakeClock } from '../../rg/rg.stake.ts';
import { payoutTransaction } from '../../stakes/payout.ts';
import {
  type BatchOpeningRow,
  countBatchStakes,
  lockBatchPlayers,
  readBatchOpenings,
} from '../../stakes/stake.batch.ts';
import { readOpening } from '../../stakes/stake.repository.ts';
import { originals } from '../../stakes/stake.rules.ts';
import { judgeStake, stakeTransaction, takenStake } from '../../stakes/stake.ts';
import { ensureSeedPair, forgetSeedPair, type SeedPair, seedPairOf } from '../fair.service.ts';
import { checkStake, limitsOf } from '../game-money.ts';
import type { Verdict } from './bet-engine.ts';
import { crashPoint, crashSoon } from './crash-point.ts';
import {
  type InstantBet,
  type InstantResult,
  type SettledBet,
  settledAnswer,
  settledBetRows,
} from './instant-bet.ts';
import { keyRows, storedKeys, tryKeyLocks } from './keyed.ts';

/**
 * One batch of instant bets (distinct players) in ONE database transaction (decision 0058):
 * 1.-2. one trip (`openTrip`): the players' rows locked in ascending order, skipping those locked elsewhere
 *    (busy), the games' catalogue rows and their banks' account ids; then the locked players' seed pairs (locked,
 *    skipping a pair locked elsewhere: busy), their accounts (locked, ascending) with what each stake's opening
 *    reads, and ids for the bets and their journal rows;
 * 3. each bet judged on its own by the rules of the single bet (`checkStake`, `judgeStake`: limits, game open,
 *    responsible gambling, balance and split); a refusal is that bet's answer and writes nothing;
 * 4. one trip, set-based, for the accepted bets: the stakes' counters, the bet rows with their next nonces, and
 *    the stake and payout journal transactions (one per bet, house legs aggregated per bank);
 * 5. the commit, then each bet's answer and push.
 * A statement error fails the whole transaction: the engine splits the batch.
 */
export async function runInstantBatch(
  ctx: AppContext,
  bets: readonly InstantBet[],
): Promise<Verdict<InstantResult>[]> {
  const verdicts: Verdict<InstantResult>[] = bets.map(() => ({ kind: 'busy' }));
  await inBatchTransaction(ctx, bets.length, async (trx) => {
    crashPoint('before-lock', bets.length);
    const ready = await openTrip(trx, bets);
    const accepted = await judgeAll(trx, bets, ready, verdicts);
    crashPoint('after-judge', bets.length);
    return accepted.length > 0 ? await writeStatements(trx, accepted, ready, verdicts) : [];
  });
  crashPoint('after-commit', bets.length);
  await openMissingPairs(ctx, bets, verdicts);
  for (const [index, verdict] of verdicts.entries()) {
    if (verdict.kind !== 'done' || !verdict.result.balances) continue;
    await ctx.events.publish('balanceChanged', {
      userId: bets[index]!.userId,
      balances: verdict.result.balances,
    });
  }
  return verdicts;
}

/**
 * The busy bets' players this batch found without a seed pair: their pairs opened now, each in a transaction of its
 * own, outside the batch's locks (as `ensureSeedPair` does before a bet), so their next batch places them. Opening
 * them on the path of one bet instead sent a whole wave of first bets there at once.
 */
async function openMissingPairs(
  ctx: AppContext,
  bets: readonly InstantBet[],
  verdicts: Verdict<InstantResult>[],
) {
  for (const [index, bet] of bets.entries()) {
    if (verdicts[index]!.kind === 'busy') await ensureSeedPair(ctx.db, bet.userId);
  }
}

type CatalogRow = {
  code: string;
  stop: boolean;
  bet_min_cents: bigint;
  bet_max_cents: bigint;
  payout_max_cents: bigint;
};

interface Ready {
  clock: StakeClock;
  /** The players this batch holds (the others are busy). */
  players: Set<bigint>;
  catalogs: Map<string, CatalogRow>;
  houses: Map<string, bigint>;
  /** The stored answers of the batch's keys, by the bet's index. */
  stored: Map<number, StoredKey>;
  pairs: Map<bigint, SeedPair>;
  openings: Map<bigint, BatchOpeningRow>;
  betIds: bigint[];
  journalIds: string[];
}

/**
 * Steps 1 and 2 in ONE trip, each statement run after the one before it: the keys' locks tried, the players
 * locked (`SKIP LOCKED`), the catalogue rows and banks, the keys' stored answers, then the seed pairs and the
 * accounts of the players the transaction holds (their statements lock those players again, `SKIP LOCKED`: a row
 * it holds comes back, one held elsewhere is skipped, so nothing waits on a busy player), and ids for every bet.
 */
async function openTrip(trx: Tx, bets: readonly InstantBet[]): Promise<Ready> {
  const clock = stakeClock();
  const ids = bigintArray(
    [...new Set(bets.map((bet) => bet.userId))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const games = [...new Set(bets.map((bet) => bet.game))];
  const [keyLocks, players, catalogs, houses, stored, pairs, openings, betIds, journalIds] = await inOneTrip(
    trx,
    [
      tryKeyLocks(bets),
      prepared(lockBatchPlayers(bets.map((bet) => bet.userId))),
      sql<CatalogRow>`/*prepared*/
      SELECT code, stop, bet_min_cents, bet_max_cents, payout_max_cents FROM game_catalog WHERE code = ANY(${games}::text[])`,
      sql<{ id: bigint; name: string }>`/*prepared*/
      SELECT id, name FROM ledger_accounts
       WHERE kind = 'house_game' AND owner_user_id IS NULL AND currency = 'BRL' AND name = ANY(${games}::text[])`,
      storedKeys(bets),
      sql<PairRow>`/*prepared*/
      SELECT user_id, id, server_seed, server_seed_hash, next_server_seed, client_seed, nonce FROM fair_seed_pairs
       WHERE user_id IN (SELECT id FROM users WHERE id = ANY(${ids}::bigint[]) ORDER BY id FOR NO KEY UPDATE SKIP LOCKED)
         AND active ORDER BY user_id FOR UPDATE OF fair_seed_pairs SKIP LOCKED`,
      prepared(
        readBatchOpenings(
          bets.map((bet) => ({ userId: bet.userId, amountCents: bet.amountCents })),
          clock,
        ),
      ),
      sql<{ id: string }>`/*prepared*/
      SELECT nextval(s.seq)::text AS id
        FROM (SELECT pg_get_serial_sequence('game_bets', 'id')::regclass AS seq) s, generate_series(1, ${bets.length})`,
      prepared(drawJournalIds(bets.length * 2)),
    ],
  );
  // A bet whose key is held by another transaction (a repeat in flight on the path of one bet) is busy.
  const held = new Set(keyLocks.filter((row) => !row.locked).map((row) => bets[row.i]!.userId));
  const mine = new Set(players.map((row) => BigInt(row.id)).filter((id) => !held.has(id)));
  return {
    clock,
    players: mine,
    catalogs: new Map(catalogs.map((row) => [row.code, row])),
    houses: new Map(houses.map((row) => [`house_game:${row.name}`, BigInt(row.id)])),
    stored: new Map(stored.map((row) => [row.i, row])),
    pairs: new Map(
      pairs
        .filter((row) => mine.has(BigInt(row.user_id)))
        .map((row) => [BigInt(row.user_id), seedPairOf(row)]),
    ),
    openings: new Map(
      openings.filter((row) => mine.has(BigInt(row.user_id))).map((row) => [BigInt(row.user_id), row]),
    ),
    betIds: betIds.map((row) => BigInt(row.id)),
    journalIds: journalIds.map((row) => row.id),
  };
}

/** A seed pair's row as `seedPairOf` reads it, with its player. */
type PairRow = Parameters<typeof seedPairOf>[0] & { user_id: bigint };

interface Accepted extends SettledBet {
  index: number;
  key: InstantBet['key'];
  split: { fromCashCents: bigint; fromBonusCents: bigint };
}

/** Step 3: every locked bet judged by the single bet's rules, in the batch's transaction. */
async function judgeAll(
  trx: Tx,
  bets: readonly InstantBet[],
  ready: Ready,
  verdicts: Verdict<InstantResult>[],
): Promise<Accepted[]> {
  const accepted: Accepted[] = [];
  for (const [index, bet] of bets.entries()) {
    const row = ready.openings.get(bet.userId);
    const pair = ready.pairs.get(bet.userId);
    if (!row) continue; // busy: the player's row is locked elsewhere
    if (!pair) {
      // The player's row is locked but no active pair was read: none was opened yet (`ensureSeedPair` remembered a
      // pair that is not there: another database, or its transaction rolled back), or another action of the
      // player holds it. Opened after this batch (`openMissingPairs`), and the bet tried in the next one.
      forgetSeedPair(bet.userId);
      continue;
    }
    try {
      const stored = ready.stored.get(index);
      if (stored && bet.key) {
        // A repeat of a key already answered: its first answer (or the key's conflict), nothing written.
        verdicts[index] = { kind: 'done', result: { answer: replayStored(stored, bet.key) } };
        continue;
      }
      checkStake(
        limitsOf(ready.catalogs.get(bet.game)),
        bet.amountCents,
        applyMultiplier(bet.amountCents, bet.potential),
      );
      const opened = readOpening([row], bet.userId);
      const split = await judgeStake(trx, bet, opened, ready.clock);
      const outcome = bet.play(pair);
      const payoutCents = applyMultiplier(bet.amountCents, outcome.payoutMultiplier);
      const betId = ready.betIds[accepted.length]!;
      accepted.push({
        index,
        betId,
        userId: bet.userId,
        game: bet.game,
        key: bet.key,
        amountCents: bet.amountCents,
        payoutCents,
        outcome,
        pair,
        split,
      });
      verdicts[index] = {
        kind: 'done',
        result: settledAnswer(pair, outcome, takenStake(opened, split, betId), payoutCents),
      };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      verdicts[index] = { kind: 'refused', error };
    }
  }
  return accepted;
}

/** Step 4: the accepted bets' writes, set-based, sent in one trip with the COMMIT. */
async function writeStatements(
  trx: Tx,
  accepted: readonly Accepted[],
  ready: Ready,
  verdicts: readonly Verdict<InstantResult>[],
) {
  const known = new Map(ready.houses);
  for (const row of ready.openings.values())
    for (const account of row.accounts) known.set(`${account.kind}:${row.user_id}`, BigInt(account.id));
  const transactions = accepted.flatMap((bet) => {
    const product = originals(bet.game as GameCode);
    const payout = payoutTransaction({
      userId: bet.userId,
      product,
      betId: bet.betId,
      payoutCents: bet.payoutCents,
    });
    return [
      stakeTransaction({ userId: bet.userId, product }, bet.split, bet.betId),
      ...(payout ? [payout] : []),
    ];
  });
  const postings = await setBasedPostings(trx, transactions, ready.journalIds, known);
  const keyed = accepted.flatMap((bet) => {
    const verdict = verdicts[bet.index]!;
    return bet.key && verdict.kind === 'done' ? [{ key: bet.key, answer: verdict.result.answer }] : [];
  });
  return [
    prepared(countBatchStakes(accepted, ready.clock)),
    settledBetRows(accepted),
    prepared(postings),
    keyRows(keyed),
  ];
}

/**
 * The batch's transaction, opened on a connection of its own so that the last trip carries the COMMIT: `body` runs
 * the lock and read trips and answers the writes, which go out with the COMMIT in one write (one wait fewer per
 * batch than a write trip and a COMMIT of its own). BEGIN goes out with the first trip (pooled-client.ts). On any
 * error the transaction rolls back (a statement that failed in the last trip made its COMMIT a ROLLBACK already).
 * A unit of platform/after-commit.ts, as `ctx.db.transaction()` is: what the body queues runs after the commit.
 */
async function inBatchTransaction(
  ctx: AppContext,
  size: number,
  body: (trx: Tx) => Promise<Statement<unknown>[]>,
) {
  await asUnit((enter) =>
    ctx.db.connection().execute((db) =>
      enter(async () => {
        // The connection's own handle: no nested transaction is ever opened on it (the batch's steps take a Tx).
        const trx = db as unknown as Tx;
        await sql`begin`.execute(trx);
        try {
          const writes = await body(trx);
          const trip = inOneTrip(trx, [...writes, sql`commit`]);
          // The kill -9 test's `mid-write`: the writes and the COMMIT are on the wire, their answer not yet read.
          crashSoon('mid-write', size);
          await trip;
        } catch (error) {
          await sql`rollback`.execute(trx).catch(() => undefined);
          throw error;
        }
      }),
    ),
  );
}

/**
 * A stake or ledger statement of the batch run as a named prepared statement (statement-cache.ts): their texts
 * depend only on the shape of the call (arrays, never lists), so PostgreSQL parses and plans each once per
 * connection instead of on every batch.
 */
const prepared = <Row>(statement: Statement<Row>): Statement<Row> => ({
  compile(provider) {
    const compiled = statement.compile(provider);
    return compiled.sql.startsWith(PREPARED) ? compiled : { ...compiled, sql: `${PREPARED}${compiled.sql}` };
  },
});
