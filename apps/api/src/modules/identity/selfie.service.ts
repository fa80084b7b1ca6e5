import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { type Actor, writeAudit } from '../../backoffice/audit.ts';
import type { Tx } from '../../db/tx.ts';
import { invalidInput, notFound } from '../../lib/domain-error.ts';
import { MIN_SIDE } from './datavalid.emulator.ts';
import { jpegSize } from './datavalid.protocol.ts';

/** The largest selfie kept (the table's CHECK says the same): a phone's 720p JPEG is about a tenth of it. */
export const MAX_SELFIE_BYTES = 512 * 1024;
/** A selfie must be sent with a KYC within this time of being taken. */
export const SELFIE_FRESH_MS = 30 * 60_000;

/**
 * Keeps the player's selfie (decision 0065): base64 of a JPEG of at least 160 px a side, at most 512 KiB, stored in
 * the database, never on disk under the web root. Unused selfies of the player older than a day are dropped.
 * Answers the selfie's id, which the KYC submission names.
 */
export async function storeSelfie(ctx: AppContext, userId: bigint, base64: string): Promise<string> {
  const text = base64.replace(/^data:image\/jpe?g;base64,/, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) throw invalidInput('identity.selfie_invalid');
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length > MAX_SELFIE_BYTES) throw invalidInput('identity.selfie_too_large');
  const size = jpegSize(bytes);
  if (!size || Math.min(size.width, size.height) < MIN_SIDE) throw invalidInput('identity.selfie_invalid');
  const id = `sf_${randomBytes(16).toString('hex')}`;
  await ctx.db
    .deleteFrom('kyc_selfies')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  await ctx.db
    .insertInto('kyc_selfies')
    .values({
      id,
      user_id: userId,
      jpeg: bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      width: size.width,
      height: size.height,
    })
    .execute();
  return id;
}

/** The player's own unused, fresh selfie by id; a missing, old or used one is a 400 (take another). */
export async function freshSelfie(ctx: AppContext, userId: bigint, id: string): Promise<Uint8Array> {
  const row = await ctx.db
    .selectFrom('kyc_selfies')
    .select(['jpeg', 'created_at', 'used_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row || row.used_at !== null || Date.now() - row.created_at.getTime() > SELFIE_FRESH_MS)
    throw invalidInput('kyc.selfie_expired');
  return row.jpeg;
}

export async function markSelfieUsed(trx: Tx, id: string): Promise<void> {
  await trx.updateTable('kyc_selfies').set({ used_at: sql`now()` }).where('id', '=', id).execute();
}

/** The selfie of a player's KYC for the reviewing operator; each viewing is in the audit log. */
export async function selfieForOperator(ctx: AppContext, actor: Actor, userId: bigint): Promise<Uint8Array> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('users')
      .innerJoin('kyc_selfies', 'kyc_selfies.id', 'users.kyc_selfie_id')
      .select(['kyc_selfies.id', 'kyc_selfies.jpeg'])
      .where('users.id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound();
    await writeAudit(trx, actor, {
      action: 'kyc.selfie_view',
      target: `player:${userId}`,
      before: null,
      after: { selfie: row.id },
    });
    return row.jpeg;
  });
}
