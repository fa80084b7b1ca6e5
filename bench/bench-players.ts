import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../apps/api/src/app-context.ts';
import { postTransaction } from '../apps/api/src/modules/ledger/ledger.service.ts';

/** A bench player's money, deposited through the ledger as a PSP's deposit would be. */
export async function fundPlayer(db: AppContext['db'], userId: bigint, cents: bigint): Promise<void> {
  await db.transaction().execute((trx) =>
    postTransaction(trx, {
      code: 'deposit',
      idempotencyKey: `bench_fund:${userId}`,
      referenceType: 'bench',
      referenceId: 'fund',
      postings: [
        { account: { kind: 'house_provider_clearing', name: 'bench' }, amountCents: -cents },
        { account: { kind: 'player_cash', userId }, amountCents: cents },
      ],
    }),
  );
}

/**
 * Players written directly (no password hashing for thousands of accounts), each with a live session whose token
 * is returned; funded with `fundCents` each when asked (watchers that never bet need no ledger accounts).
 */
export async function directPlayerTokens(
  server: { ctx: Pick<AppContext, 'db'> },
  count: number,
  fundCents = 0n,
): Promise<string[]> {
  const tokens = Array.from({ length: count }, () => randomBytes(24).toString('hex'));
  const hashes = tokens.map((token) => createHash('sha256').update(token).digest());
  // A prefix of its own per call: a bench may write several sets of players on one database.
  const prefix = randomBytes(3).toString('hex');
  const rows = await sql<{ id: bigint }>`
    WITH players AS (
      INSERT INTO users (username, password_hash, yqm)
      SELECT 'bench' || ${prefix}::text || n || '@bench.local', 'not-a-password',
             upper(${prefix}::text) || lpad(n::text, 6, '0')
        FROM generate_series(1, ${count}::int) AS n
      RETURNING id
    ), numbered AS (
      SELECT id, row_number() OVER (ORDER BY id) AS n FROM players
    )
    INSERT INTO sessions (token_hash, subject, subject_id, expires_at)
    SELECT hashes.hash, 'player', numbered.id, now() + interval '1 day'
      FROM numbered
      JOIN unnest(${hashes}::bytea[]) WITH ORDINALITY AS hashes(hash, n) ON hashes.n = numbered.n
    RETURNING subject_id AS id
  `.execute(server.ctx.db);
  if (fundCents > 0n) for (const { id } of rows.rows) await fundPlayer(server.ctx.db, BigInt(id), fundCents);
  return tokens;
}
