import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';

const CAPTCHA_TTL_SECONDS = 5 * 60;

/**
 * Draws a new captcha for `codeId` (a fresh request for the same id replaces the old answer) and returns the
 * SVG. The answer lives in the database, not in process memory, so any server process can check it.
 */
export async function issueCaptcha(db: Db, codeId: number): Promise<string> {
  // Loaded with the first captcha, not at start-up.
  const { default: svgCaptcha } = await import('svg-captcha');
  const captcha = svgCaptcha.create({
    size: 4,
    noise: 2,
    color: true,
    background: '#f4f6fb',
    ignoreChars: '0oO1iIlL',
    width: 120,
    height: 44,
  });
  await db
    .insertInto('captchas')
    .values({
      code_id: BigInt(codeId),
      answer: captcha.text.toLowerCase(),
      expires_at: sql<Date>`now() + make_interval(secs => ${CAPTCHA_TTL_SECONDS})`,
    })
    .onConflict((oc) =>
      oc.column('code_id').doUpdateSet({
        answer: (eb) => eb.ref('excluded.answer'),
        expires_at: (eb) => eb.ref('excluded.expires_at'),
      }),
    )
    .execute();
  // Expired answers are swept as new ones are drawn, a few at a time, so the table stays small.
  await sql`DELETE FROM captchas WHERE code_id IN (
    SELECT code_id FROM captchas WHERE expires_at < now() LIMIT 50)`.execute(db);
  return captcha.data;
}

/**
 * Checks an answer and spends the captcha whatever the outcome: one guess per image. The bypass code (never in
 * production, config refuses it there) passes without spending anything.
 */
export async function consumeCaptcha(
  db: Db,
  codeId: number,
  answer: string,
  bypassCode: string | undefined,
): Promise<boolean> {
  if (bypassCode !== undefined && answer === bypassCode) return true;
  const row = await db
    .deleteFrom('captchas')
    .where('code_id', '=', BigInt(codeId))
    .returning(['answer', 'expires_at'])
    .executeTakeFirst();
  if (!row) return false;
  return row.expires_at.getTime() > Date.now() && row.answer === answer.trim().toLowerCase();
}
