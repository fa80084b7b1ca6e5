import type { AppContext } from '../../app-context.ts';
import { insertSession, revokeSession } from '../../db/sessions.repository.ts';
import { DEFAULT_ZONE_MINUTES } from '../../lib/amount.ts';
import { accountRefused, conflict, invalidInput } from '../../lib/domain-error.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from '../../lib/password-policy.ts';
import {
  dummyPasswordHash,
  hashPassword,
  newToken,
  randomCode,
  sha256,
  verifyPassword,
} from '../../lib/secrets.ts';
import { checkListsAtLogin } from '../compliance/index.ts';
import { faceCheckAtLogin } from '../identity/face-recheck.service.ts';
import { accountId } from '../ledger/ledger.service.ts';
import { refuseIfExcluded } from '../rg/rg.exclusions.ts';
import {
  type RegistrationFields,
  readRegistrationData,
  readRegistrationLimits,
  saveRegistrationData,
} from '../rg/rg.registration.ts';
import { setRegistrationLimits } from '../rg/rg.service.ts';
import { consumeCaptcha } from './captcha.service.ts';
import { claimAttempt, forgetFailures, type LoginSubject, recordFailure } from './login-throttle.ts';
import { type DeviceProof, isTrustedDevice, newDeviceCookie, trustDevice } from './trusted-devices.ts';

// Usernames are emails (spec.md section 1); a pragmatic shape check, the mail itself proves the rest.
const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;

export interface LoginInput {
  username: string;
  pwd: string;
  codeId: number;
  captCode: string;
}

/** The registration's limits and art. 31 data (rg.registration.ts; required under br-licensed). */
export interface RegisterInput extends LoginInput, RegistrationFields {
  name?: string;
  cardNo?: string;
  country?: string;
  phone?: string;
  pwd1?: string;
  regcode?: string;
  isapp?: string | number;
  /** The registering client's `zone`, in minutes: the player's day from now on (see player-zone.ts). */
  zoneMinutes?: number;
}

export interface IssuedToken {
  access_token: string;
  expires_in: number;
}

export function normaliseUsername(raw: string): string {
  return raw.trim().toLowerCase();
}

/** A new password (register, reset, change): 8..64 characters and not a common one; the 400 says which. */
export function checkPasswordStrength(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw invalidInput(problem, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
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
  /** The registering device: recorded like a login's, so the invitation rules see a device shared at sign-up. */
  device: DeviceProof = { cookie: undefined, deviceId: undefined },
): Promise<{ token: IssuedToken; userId: bigint; deviceCookie: string | undefined }> {
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
  const depositLimits = readRegistrationLimits(ctx.config, input);
  const registrationData = readRegistrationData(ctx.config, input);
  const passwordHash = await hashPassword(input.pwd);
  const yqm = await newInviteCode(ctx);
  const inserted = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
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
        zone_minutes: input.zoneMinutes ?? DEFAULT_ZONE_MINUTES,
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) await setRegistrationLimits(trx, row.id, depositLimits);
    if (row) await saveRegistrationData(trx, row.id, registrationData);
    // The inviter's claimable commission account opens with their first friend, not in the nightly job.
    if (row && inviterId !== null) await accountId(trx, { kind: 'player_commission', userId: inviterId });
    return row;
  });
  if (!inserted) throw conflict('auth.username_taken');
  const deviceCookie = device.cookie ? undefined : newDeviceCookie();
  await trustDevice(ctx.db, 'player', inserted.id, { ...device, cookie: device.cookie ?? deviceCookie });
  return { token: await issueToken(ctx, 'player', inserted.id), userId: inserted.id, deviceCookie };
}

/** Where a login comes from: the address (throttling) and the device's proof (trust), see login-throttle.ts. */
export interface LoginClient {
  address: string;
  device: DeviceProof;
}

export interface LoginResult {
  token: IssuedToken;
  /** A device cookie to set, when the request carried none. */
  deviceCookie: string | undefined;
}

export interface ThrottleOptions {
  /** Failures from all addresses in 15 minutes at which untrusted devices are refused (login-throttle.ts). */
  accountCeiling: number;
  /**
   * Checked once the password is right, before the device is trusted: a further condition of the sign-in (an
   * operator's TOTP code, an active account). false makes the attempt a failure like a wrong password.
   */
  confirm?: () => Promise<boolean>;
}

/**
 * Checks a password under the throttle of login-throttle.ts, for players and operators alike: an untrusted device
 * is refused (429) before its password is checked while its pair waits or the account is at its ceiling; a
 * trusted device's right password always gets in. The right password (and `confirm`) makes the device trusted.
 */
export async function throttledLogin(
  ctx: AppContext,
  subject: LoginSubject,
  username: string,
  password: string,
  client: LoginClient,
  account: { id: bigint; password_hash: string } | undefined,
  options: ThrottleOptions,
): Promise<{ ok: boolean; deviceCookie: string | undefined }> {
  const attempt = { subject, username, address: client.address };
  const trusted = account ? await isTrustedDevice(ctx.db, subject, account.id, client.device) : false;
  if (!trusted) await claimAttempt(ctx.db, attempt, options.accountCeiling);
  const passwordOk = await verifyPassword(account?.password_hash ?? (await dummyPasswordHash()), password);
  if (!account || !passwordOk || (options.confirm && !(await options.confirm()))) {
    // An untrusted attempt is already recorded as the failure.
    if (trusted) await recordFailure(ctx.db, attempt);
    return { ok: false, deviceCookie: undefined };
  }
  await forgetFailures(ctx.db, attempt);
  const deviceCookie = client.device.cookie ? undefined : newDeviceCookie();
  await trustDevice(ctx.db, subject, account.id, {
    ...client.device,
    cookie: client.device.cookie ?? deviceCookie,
  });
  return { ok: true, deviceCookie };
}

/** Whether a login body names an account this device has signed in to (the per-address limit spares it). */
export async function fromTrustedDevice(
  ctx: AppContext,
  subject: LoginSubject,
  body: unknown,
  device: DeviceProof,
): Promise<boolean> {
  if (!device.cookie && !device.deviceId) return false;
  const raw = (body as { username?: unknown } | undefined)?.username;
  if (typeof raw !== 'string') return false;
  const account =
    subject === 'player'
      ? await ctx.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', normaliseUsername(raw))
          .executeTakeFirst()
      : await ctx.db.selectFrom('operators').select('id').where('username', '=', raw).executeTakeFirst();
  return account ? isTrustedDevice(ctx.db, subject, account.id, device) : false;
}

export async function login(ctx: AppContext, input: LoginInput, client: LoginClient): Promise<LoginResult> {
  const username = normaliseUsername(input.username);
  await requireCaptcha(ctx, input.codeId, input.captCode);
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'status'])
    .where('username', '=', username)
    .executeTakeFirst();
  const result = await throttledLogin(ctx, 'player', username, input.pwd, client, user, {
    accountCeiling: ctx.config.rateLimits.loginFailuresPerAccount,
  });
  if (!user || !result.ok) throw invalidInput('auth.login_failed');
  if (user.status === 'blocked') throw accountRefused();
  // A time-out or self-exclusion answers 1403 with its end (whatever an operator did to the status meanwhile);
  // an ended one makes the account active again.
  await refuseIfExcluded(ctx.db, user.id);
  await checkListsAtLogin(ctx, user.id);
  // Under br-licensed the face is asked again when the last check is outside the login window (decision 0068).
  await faceCheckAtLogin(ctx, user.id);
  return { token: await issueToken(ctx, 'player', user.id), deviceCookie: result.deviceCookie };
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
