import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { revokeAllSessions } from '../../db/sessions.repository.ts';
import { invalidInput, rateLimited } from '../../lib/domain-error.ts';
import { translate } from '../../lib/messages.ts';
import { hashPassword, newToken, randomDigits, sha256 } from '../../lib/secrets.ts';
import { checkPasswordStrength, normaliseUsername } from './auth.service.ts';

export const RESEND_INTERVAL_SECONDS = 180;
const CODE_TTL_MINUTES = 10;
const CODE_ATTEMPTS_MAX = 5;
const CHECK_TTL_MINUTES = 15;
// Advisory lock space of the per-address send lock (the migration lock uses the one-key form).
const RESET_LOCK_SPACE = 727_002;

/**
 * Step 1. The answer is the same whether the address exists or not, and a second request for the same
 * address within 180 s is refused either way, so the call tells a stranger nothing about who is a player.
 */
export async function sendResetCode(ctx: AppContext, rawEmail: string, language: string): Promise<void> {
  const email = normaliseUsername(rawEmail);
  const { user, code } = await ctx.db.transaction().execute(async (trx) => {
    // Requests for one address take turns, so two arriving together cannot both pass the 180 s check.
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(RESET_LOCK_SPACE)}, hashtext(${email}))`.execute(trx);
    const recent = await trx
      .selectFrom('password_reset_codes')
      .select((eb) =>
        sql<number>`ceil(extract(epoch from (${eb.ref('created_at')} + make_interval(secs => ${RESEND_INTERVAL_SECONDS}) - now())))`.as(
          'wait',
        ),
      )
      .where('email', '=', email)
      .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${RESEND_INTERVAL_SECONDS})`)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (recent) {
      const seconds = Math.min(RESEND_INTERVAL_SECONDS, Math.max(1, Number(recent.wait)));
      throw rateLimited('reset.too_soon', { seconds });
    }
    const user = await trx.selectFrom('users').select('id').where('username', '=', email).executeTakeFirst();
    const code = randomDigits(6);
    await trx
      .insertInto('password_reset_codes')
      .values({
        email,
        user_id: user?.id ?? null,
        code_hash: user ? sha256(code) : null,
        expires_at: sql<Date>`now() + make_interval(mins => ${CODE_TTL_MINUTES})`,
        used_at: null,
      })
      .execute();
    return { user, code };
  });
  if (!user) return;
  // Sent in the background: a slow or failing mail server must not make a player's address answer later, or
  // with an error, where a stranger's answers at once with success.
  Promise.resolve()
    .then(() =>
      ctx.mailer.send({
        to: email,
        subject: translate(language, 'reset.mail_subject'),
        text: translate(language, 'reset.mail_body', { code, minutes: CODE_TTL_MINUTES }),
      }),
    )
    .catch((error: unknown) =>
      ctx.log.error({ err: error, userId: user.id.toString() }, 'reset mail not sent'),
    );
}

/** Step 2: the mailed code buys a check id (15 minutes, one use). Five wrong guesses burn the code. */
export async function checkResetCode(ctx: AppContext, rawEmail: string, code: string): Promise<string> {
  const email = normaliseUsername(rawEmail);
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom('password_reset_codes')
        .select(['id', 'user_id', 'code_hash', 'attempts'])
        .where('email', '=', email)
        .where('used_at', 'is', null)
        .where('code_hash', 'is not', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .orderBy('created_at', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      if (!row?.user_id || !row.code_hash || row.attempts >= CODE_ATTEMPTS_MAX) {
        throw invalidInput('reset.code_wrong');
      }
      if (!sha256(code.trim()).equals(row.code_hash)) {
        await trx
          .updateTable('password_reset_codes')
          .set({ attempts: row.attempts + 1 })
          .where('id', '=', row.id)
          .execute();
        return null;
      }
      await trx
        .updateTable('password_reset_codes')
        .set({ used_at: sql`now()` })
        .where('id', '=', row.id)
        .execute();
      const checkId = newToken();
      await trx
        .insertInto('password_reset_checks')
        .values({
          check_hash: sha256(checkId),
          user_id: row.user_id,
          expires_at: sql<Date>`now() + make_interval(mins => ${CHECK_TTL_MINUTES})`,
          used_at: null,
        })
        .execute();
      return checkId;
    })
    .then((checkId) => {
      // The attempt counter must be committed before the refusal, so the error is thrown outside the transaction.
      if (checkId === null) throw invalidInput('reset.code_wrong');
      return checkId;
    });
}

/** Step 3: sets the new password and revokes every token of that player. */
export async function setNewPassword(ctx: AppContext, checkId: string, newPassword: string): Promise<void> {
  checkPasswordStrength(newPassword);
  const passwordHash = await hashPassword(newPassword);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const check = await trx
      .updateTable('password_reset_checks')
      .set({ used_at: sql`now()` })
      .where('check_hash', '=', sha256(checkId))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('user_id')
      .executeTakeFirst();
    if (!check) throw invalidInput('reset.check_invalid');
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', check.user_id)
      .execute();
    await revokeAllSessions(trx, { subject: 'player', subjectId: check.user_id });
    return check.user_id;
  });
  // Revoked tokens must stop receiving events too: the player's open sockets are dropped.
  ctx.realtime.disconnectUser(userId);
}
