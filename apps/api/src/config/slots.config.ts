import { randomBytes } from 'node:crypto';
import { ConfigError, type Env } from '../config.parse.ts';

/**
 * The slot providers (modules/slots). An unset URL means the built-in studio on this server (`/studio/<p>`),
 * which speaks each provider's protocol over HTTP. Keys: the environment's, else a development key (a random
 * one in production, said in the log, which only the built-in studio of this process knows).
 */
export interface SlotsConfig {
  pg: { url: string | undefined; operatorToken: string; secretKey: string } & CallbackCeiling;
  evo: { url: string | undefined; projectId: string; secretKey: string; version: number } & CallbackCeiling;
  bg: { url: string | undefined; casinoId: string; authToken: string } & CallbackCeiling;
  /** Per address and minute: callbacks whose signature or token is wrong, counted apart from the provider's. */
  unverifiedCallbacksPerMinute: number;
  /** Where a provider calls our wallet back; unset: this server (the studio calls itself). */
  walletUrl: string | undefined;
  sessionTtlMinutes: number;
  /** The studio may misbehave on request (duplicates, out of order, unsigned…); never in production. */
  studioMisbehaviour: boolean;
}

/**
 * Authenticated callbacks per second from all of a provider's addresses together (decision 0056): every player's
 * spins come through them, so the ceiling is sized for thousands a second (`SLOTS_<P>_CALLBACKS_PER_SECOND`).
 */
export interface CallbackCeiling {
  callbacksPerSecond: number;
}

function positiveInteger(env: Env, name: string, fallback: number): number {
  const value = Number(env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`${name} must be a positive integer`);
  return value;
}

export function parseSlots(env: Env, isProduction: boolean, warnings: string[]): SlotsConfig {
  const key = (name: string, development: string) => {
    const given = env[name];
    if (given) return given;
    if (!isProduction) return development;
    warnings.push(`${name} is unset: a random key for this process (only the built-in studio knows it)`);
    return randomBytes(24).toString('hex');
  };
  const ttl = Number(env.SLOTS_SESSION_TTL_MINUTES || 240);
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > 24 * 60)
    throw new ConfigError('SLOTS_SESSION_TTL_MINUTES must be 1..1440');
  return {
    pg: {
      url: env.SLOTS_PG_URL || undefined,
      operatorToken: key('SLOTS_PG_OPERATOR_TOKEN', 'pg-dev-operator'),
      secretKey: key('SLOTS_PG_SECRET_KEY', 'pg-dev-secret'),
      callbacksPerSecond: positiveInteger(env, 'SLOTS_PG_CALLBACKS_PER_SECOND', 5_000),
    },
    evo: {
      url: env.SLOTS_EVO_URL || undefined,
      projectId: env.SLOTS_EVO_PROJECT_ID || '1001',
      secretKey: key('SLOTS_EVO_SECRET_KEY', 'evo-dev-secret'),
      version: 1,
      callbacksPerSecond: positiveInteger(env, 'SLOTS_EVO_CALLBACKS_PER_SECOND', 5_000),
    },
    bg: {
      url: env.SLOTS_BG_URL || undefined,
      casinoId: env.SLOTS_BG_CASINO_ID || 'aposta',
      authToken: key('SLOTS_BG_AUTH_TOKEN', 'bg-dev-token'),
      callbacksPerSecond: positiveInteger(env, 'SLOTS_BG_CALLBACKS_PER_SECOND', 5_000),
    },
    unverifiedCallbacksPerMinute: positiveInteger(env, 'SLOTS_UNVERIFIED_CALLBACKS_PER_MINUTE', 60),
    walletUrl: env.SLOTS_WALLET_URL || undefined,
    sessionTtlMinutes: ttl,
    studioMisbehaviour: !isProduction,
  };
}
