import { flagsOf, type IdentityCheck, isClean } from '../rg/identity.provider.ts';

/**
 * When the player's face is asked again after the registration's check (issue 30, decision 0068). Pure: the
 * settings, the player's face state and the clock in, a decision out; the service reads and writes the rows.
 */

/** Why a fresh face check is asked: at login after the window, before a withdrawal or a deposit, or by an operator. */
export type RecheckReason = 'login' | 'withdrawal' | 'deposit' | 'operator';

export interface FaceRecheckSettings {
  /** On under br-licensed by default, off elsewhere (FACE_RECHECK). */
  enabled: boolean;
  /** A login asks again when the last successful check is at least this old (FACE_RECHECK_LOGIN_HOURS, 7 days). */
  loginWindowMs: number;
  /** A withdrawal asks again when it is at least this old (FACE_RECHECK_WITHDRAWAL_HOURS, 24 h). */
  withdrawalWindowMs: number;
  /** A deposit asks again when it is at least this old (FACE_RECHECK_DEPOSIT_HOURS, 24 h); null: never asked. */
  depositWindowMs: number | null;
  /** A player's failed attempts per request before only an operator can open the gate again. */
  maxAttempts: number;
}

export interface FaceState {
  /** The registration's KYC is approved: there is an identity to compare the face against. */
  kycApproved: boolean;
  /** The last successful face match (registration or a re-check), null if none. */
  lastCheckAt: Date | null;
  /** The open request's reason, if one is open (due or failed). */
  openReason: RecheckReason | null;
}

/** A check at least `windowMs` old, or none, is stale. */
export function isStale(lastCheckAt: Date | null, windowMs: number, now: Date): boolean {
  return lastCheckAt === null || now.getTime() - lastCheckAt.getTime() >= windowMs;
}

/**
 * At login: a re-check is due when the policy is on, the player has an approved identity (before that the
 * registration's own check applies), none is open already, and the last successful check is outside the window.
 */
export function dueAtLogin(settings: FaceRecheckSettings, state: FaceState, now: Date): boolean {
  if (!settings.enabled || !state.kycApproved || state.openReason !== null) return false;
  return isStale(state.lastCheckAt, settings.loginWindowMs, now);
}

/** Before a withdrawal request: refused until a fresh check when the last one is outside the shorter window. */
export function withdrawalNeedsRecheck(
  settings: FaceRecheckSettings,
  state: Pick<FaceState, 'kycApproved' | 'lastCheckAt'>,
  now: Date,
): boolean {
  if (!settings.enabled || !state.kycApproved) return false;
  return isStale(state.lastCheckAt, settings.withdrawalWindowMs, now);
}

/** Before a deposit order: the same, with the deposit's window (none when the setting turns deposits off). */
export function depositNeedsRecheck(
  settings: FaceRecheckSettings,
  state: Pick<FaceState, 'kycApproved' | 'lastCheckAt'>,
  now: Date,
): boolean {
  if (!settings.enabled || !state.kycApproved || settings.depositWindowMs === null) return false;
  return isStale(state.lastCheckAt, settings.depositWindowMs, now);
}

/** Which money movement a stale check stops first (the reason of a request the player opens after a refusal). */
export function movementDue(
  settings: FaceRecheckSettings,
  state: Pick<FaceState, 'kycApproved' | 'lastCheckAt'>,
  now: Date,
): 'withdrawal' | 'deposit' | null {
  if (withdrawalNeedsRecheck(settings, state, now)) return 'withdrawal';
  return depositNeedsRecheck(settings, state, now) ? 'deposit' : null;
}

/**
 * What a player may call while a re-check is due: completing it (the selfie, the re-check), reading the account,
 * logging out, and what protects the player (limits, self-exclusion, the support chat). Everything else, every
 * money-moving call first, is refused until the face is checked. Keyed `METHOD route` as the server declares it.
 */
export const ALLOWED_WHILE_DUE: ReadonlySet<string> = new Set([
  'POST /api/app/identity/selfie',
  'GET /api/app/identity/recheck',
  'POST /api/app/identity/recheck',
  'GET /api/app/user/userInfo',
  'GET /api/app/user/getBalance',
  'POST /api/auth/user/logout',
  'GET /api/app/rg/limits',
  'POST /api/app/rg/limits',
  'POST /api/app/rg/exclude',
  'GET /api/app/chat/messages',
  'POST /api/app/chat/messages',
  'POST /api/app/chat/read',
]);

export function allowedWhileDue(method: string, route: string | undefined): boolean {
  return route !== undefined && ALLOWED_WHILE_DUE.has(`${method.toUpperCase()} ${route}`);
}

/** Only a live selfie of the CPF's own face opens the gate: the same bar as the registration's instant approval. */
export function recheckVerdict(
  check: IdentityCheck,
  minSimilarity: number,
): { passed: boolean; flags: string[] } {
  const passed = isClean(check, { faceRequired: true, minSimilarity });
  return { passed, flags: passed ? [] : flagsOf(check, minSimilarity) };
}

/** After a failed attempt: the player may try again until `maxAttempts`, then only an operator decides. */
export function mayRetry(settings: FaceRecheckSettings, attempts: number): boolean {
  return attempts < settings.maxAttempts;
}
