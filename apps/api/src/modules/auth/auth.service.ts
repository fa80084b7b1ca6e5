import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { accountRefused, conflict, invalidInput, rateLimited } from '../../http/domain-error.ts';
import {
  dummyPasswordHash,
  hashPassword,
  newToken,
  randomCode,
  sha256,
  verifyPassword,
} from '../../lib/secrets.ts';
import { consumeCaptcha } from './captcha.service.ts';
import { insertSession, revokeSession } from './sessions.repository.ts';

const LOGIN_FAILURES_MAX = 5;
const LOGIN_FAILURE_WINDOW_MINUTES = 15;
// Usernames are emails (spec.md section 1); a pragmatic shape check, the mail itself proves the rest.
const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;

export interface LoginInput {
  username: string;
  pwd: string;
  codeId: number;
  captCode: string;
}

export interface RegisterInput extends LoginInput {
  name?: string;
  cardNo?: string;
  country?: string;
  phone?: string;
  pwd1?: string;
  regcode?: string;
  isapp?: string | number;
}

export interface IssuedToken {
  access_token: string;
  expires_in: number;
}

export function normaliseUsername(raw: string): string {
  return raw.trim().toLowerCase();
}

export function checkPasswordStrength(password: string): void {
  if (password.length < 6 || password.length > 64) throw invalidInput('auth.password_weak');
}

async function issueToken(
  ctx: AppContext,
  subject: 'player' | 'operator',
  subjectId: bigint,
): Promise<IssuedToken> {
  const token = newToken();
  await insertSession(ctx.db, sha256(token), { subject, subjectId }, ctx.config.tokenTtlSeconds);
  return { access_token: token, expires_in: ctx.config.tokenTtlSeconds };
}

async function requireCaptcha(ctx: AppContext, codeId: number, answer: string): Promise<void> {
  if (!(await consumeCaptcha(ctx.db, codeId, answer, ctx.config.captchaBypass))) {
    throw invalidInput('auth.captcha_wrong');
  }
}

async function newInviteCode(ctx: AppContext): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = randomCode(8);
    const taken = await ctx.db.selectFrom('users').select('id').where('yqm', '=', code).executeTakeFirst();
    if (!taken) return code;
  }
  throw new Error('could not draw a free invitation code in 10 attempts');
}

export async function register(
  ctx: AppContext,
  input: RegisterInput,
): Promise<{ token: IssuedToken; userId: bigint }> {
  const username = normaliseUsername(input.username);
  await requireCaptcha(ctx, input.codeId, input.captCode);
  if (!EMAIL_PATTERN.test(username)) throw invalidInput('auth.username_invalid');
  checkPasswordStrength(input.pwd);
  if (input.pwd1 && input.pwd1 !== input.pwd) throw invalidInput('auth.passwords_differ');
  let inviterId: bigint | null = null;
  const regcode = input.regcode?.trim().toUpperCase();
  if (regcode) {
    const inviter = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('yqm', '=', regcode)
      .executeTakeFirst();
    if (!inviter) throw invalidInput('auth.regcode_unknown');
    inviterId = inviter.id;
  }
  const passwordHash = await hashPassword(input.pwd);
  const yqm = await newInviteCode(ctx);
  const inserted = await ctx.db
    .insertInto('users')
    .values({
      username,
      password_hash: passwordHash,
      name: input.name?.trim() ?? '',
      phone: input.phone?.trim() ?? '',
      country: input.country?.trim() ?? '',
      card_no: input.cardNo?.trim() ?? '',
      yqm,
      inviter_id: inviterId,
      test_password: null,
      kyc_name: null,
      kyc_cpf: null,
      pay_discount: null,
      pay_discount_expires_at: null,
      is_app: String(input.isapp ?? '0') === '1',
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw conflict('auth.username_taken');
  return { token: await issueToken(ctx, 'player', inserted.id), userId: inserted.id };
}

async function recentFailures(ctx: AppContext, username: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<string>().as('failures'))
    .where('username', '=', username)
    .where('failed_at', '>', sql<Date>`now() - make_interval(mins => ${LOGIN_FAILURE_WINDOW_MINUTES})`)
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

/**
 * Per-account throttle: a password guesser spread over many addresses still meets it. The attempt is recorded
 * as a failure before the password is checked and counted after, so guesses arriving together cannot all pass
 * a count taken before any of them was recorded: the k-th recorded attempt sees at least k. A refused attempt
 * takes its row back, so knocking on a locked account does not prolong the lock.
 */
async function claimLoginAttempt(ctx: AppContext, username: string): Promise<void> {
  await ctx.db.insertInto('login_failures').values({ username }).execute();
  if ((await recentFailures(ctx, username)) <= LOGIN_FAILURES_MAX) return;
  await sql`DELETE FROM login_failures WHERE ctid IN (
    SELECT ctid FROM login_failures WHERE username = ${username} ORDER BY failed_at DESC LIMIT 1)`.execute(
    ctx.db,
  );
  throw rateLimited('auth.account_locked');
}

export async function login(ctx: AppContext, input: LoginInput): Promise<IssuedToken> {
  const username = normaliseUsername(input.username);
  await requireCaptcha(ctx, input.codeId, input.captCode);
  await claimLoginAttempt(ctx, username);
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'status'])
    .where('username', '=', username)
    .executeTakeFirst();
  const passwordOk = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.pwd);
  // The claimed attempt stays recorded as the failure.
  if (!user || !passwordOk) throw invalidInput('auth.login_failed');
  if (user.status !== 'active') throw accountRefused();
  await ctx.db.deleteFrom('login_failures').where('username', '=', username).execute();
  return issueToken(ctx, 'player', user.id);
}

export async function logout(ctx: AppContext, tokenHash: Buffer): Promise<void> {
  await revokeSession(ctx.db, tokenHash);
  ctx.realtime.disconnectSession(tokenHash);
}

/** The first operator comes from ADMIN_USERNAME / ADMIN_PASSWORD when none exists (api-contract section 8). */
export async function ensureFirstOperator(ctx: AppContext): Promise<void> {
  const { adminUsername, adminPassword } = ctx.config;
  if (!adminUsername || !adminPassword) return;
  const existing = await ctx.db.selectFrom('operators').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  await ctx.db
    .insertInto('operators')
    .values({ username: adminUsername, password_hash: await hashPassword(adminPassword), roles: ['owner'] })
    .onConflict((oc) => oc.column('username').doNothing())
    .execute();
}
