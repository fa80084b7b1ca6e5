import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { tryParseAmountToCents } from '@aposta/money';

/** Pure rules of the provider wallets: why a callback is refused, signatures, and each protocol's money. */

export type SlotRefusalReason =
  | 'insufficient_funds'
  | 'session_unknown'
  | 'session_expired'
  | 'session_closed'
  /** The player may not stake now: a time-out, a self-exclusion or a block (modules/rg `assertMayStake`). */
  | 'player_refused'
  /** A credit for a round that does not exist (or is another player's). */
  | 'round_unknown'
  | 'round_rolled_back'
  | 'round_closed'
  /** A rollback of a debit whose round is over or has paid a win: the stake stays taken. */
  | 'round_settled'
  /** A debit whose rollback arrived first. */
  | 'debit_rolled_back'
  /** A provider transaction id reused for another kind of call or another player. */
  | 'duplicate_mismatch'
  /** A rollback that names a credit or another player's debit. */
  | 'rollback_target_invalid'
  /** A bet above the game's maximum in the catalogue (back office limits). */
  | 'bet_over_limit'
  /** The operator stopped the game: no new bets. */
  | 'game_stopped'
  | 'bad_request'
  | 'bad_signature';

/** Why a session cannot take a new debit or credit, if it cannot. */
export function sessionProblem(
  session: { closedAt: Date | null; expiresAt: Date },
  now: Date,
): 'session_closed' | 'session_expired' | undefined {
  if (session.closedAt !== null) return 'session_closed';
  if (session.expiresAt.getTime() <= now.getTime()) return 'session_expired';
  return undefined;
}

/** Constant-time comparison of two secrets given as text (different lengths are simply unequal). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** BGaming (SoftSwiss casino protocol): hex HMAC-SHA256 of the raw body with the casino's auth token. */
export function bgSignature(rawBody: string, authToken: string): string {
  return createHmac('sha256', authToken).update(rawBody).digest('hex');
}

/**
 * Evoplay: MD5 of the values joined by '*': the project id, the API version, then the call's fields in order
 * (a nested object's values in key order joined by ':'), then the secret key.
 */
export function evoSignature(
  projectId: string,
  version: number,
  fields: readonly unknown[],
  secretKey: string,
): string {
  const flatten = (value: unknown): string => {
    if (value === null || value === undefined) return '';
    if (typeof value === 'object') {
      const record = value as Record<string, unknown>;
      return Object.keys(record)
        .sort()
        .map((key) => flatten(record[key]))
        .join(':');
    }
    return String(value);
  };
  const parts = [projectId, String(version), ...fields.map(flatten), secretKey];
  return createHash('md5').update(parts.join('*')).digest('hex');
}

/**
 * An amount in reais as PG and Evoplay send it (a decimal number or text, at most 2 decimals, not negative):
 * centavos, or undefined when it is not one.
 */
export function decimalToCents(value: unknown): bigint | undefined {
  if (value === 0 || value === '0') return 0n;
  const parsed = tryParseAmountToCents(typeof value === 'number' ? String(value) : value);
  return parsed.ok ? parsed.amountCents : undefined;
}

/** An amount in minor units as BGaming sends it (a non-negative integer), or undefined. */
export function minorToCents(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return BigInt(value);
  return undefined;
}

/** Centavos as a number in reais with 2 decimals, for PG's JSON (its balances are numbers). */
export function centsToAmount(cents: bigint): number {
  return Number(cents) / 100;
}

/** Centavos as decimal text with 2 decimals, for Evoplay's answers. */
export function centsToDecimalText(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const magnitude = cents < 0n ? -cents : cents;
  return `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}
