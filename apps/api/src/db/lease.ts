import { sql } from 'kysely';
import type { Db } from './connection.ts';

/**
 * Takes or renews the lease on `key` (a round table, a feed): true when this process holds it for the next
 * `leaseSeconds`. Work that must run on one server at a time (driving a game's rounds, polling a feed) ticks
 * only while it holds its lease; when its holder dies, another server takes over once the lease runs out.
 * The rows live in `game_drivers`, the table the round games first used for this.
 */
export async function holdLease(db: Db, key: string, owner: string, leaseSeconds: number): Promise<boolean> {
  const row = await sql<{ owner: string }>`
    INSERT INTO game_drivers (game, owner, lease_until) VALUES (${key}, ${owner}, now() + make_interval(secs => ${leaseSeconds}))
    ON CONFLICT (game) DO UPDATE SET owner = EXCLUDED.owner, lease_until = EXCLUDED.lease_until
      WHERE game_drivers.owner = EXCLUDED.owner OR game_drivers.lease_until < now()
    RETURNING owner`.execute(db);
  return row.rows[0]?.owner === owner;
}
