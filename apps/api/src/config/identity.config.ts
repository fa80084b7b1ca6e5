import { ConfigError, type Env, parseInteger } from '../config.parse.ts';

/**
 * The identity provider behind KYC (modules/identity, decision 0065): Serpro's Datavalid.
 *
 * - DATAVALID_URL (none): the API gateway (e.g. https://gateway.apiserpro.serpro.gov.br). Unset outside production:
 *   the emulator served by this server answers (same adapter code). Production under br-licensed refuses to start
 *   without it.
 * - DATAVALID_CLIENT_ID / DATAVALID_CLIENT_SECRET: the contract's consumer key and secret (OAuth2 client
 *   credentials, sent as HTTP Basic to the token endpoint).
 * - DATAVALID_TOKEN_PATH (/token) and DATAVALID_API_PATH (/datavalid/v4): where the token and the validations live.
 * - DATAVALID_TIMEOUT_MS (8000): one call's longest wait; a KYC whose check times out waits for the operator.
 * - KYC_FACE_MIN_SIMILARITY (0.85): the similarity at or above which a live selfie counts as the CPF's face.
 * - FACE_RECHECK (on under br-licensed, off elsewhere): the repeat face check (decision 0068); `on` or `off`.
 * - FACE_RECHECK_LOGIN_HOURS (168 = 7 days): a login asks the face again when the last match is this old.
 * - FACE_RECHECK_WITHDRAWAL_HOURS (24): a withdrawal asks the face again when the last match is this old.
 * - FACE_RECHECK_DEPOSIT_HOURS (24): a deposit asks the face again when the last match is this old; 0 never asks.
 */
export interface IdentityConfig {
  url: string | undefined;
  clientId: string;
  clientSecret: string;
  tokenPath: string;
  apiPath: string;
  timeoutMs: number;
  minSimilarity: number;
  recheck: {
    enabled: boolean;
    loginWindowMs: number;
    withdrawalWindowMs: number;
    depositWindowMs: number | null;
    maxAttempts: number;
  };
}

export const EMULATOR_DATAVALID_ID = 'aposta-dev-datavalid';
export const EMULATOR_DATAVALID_SECRET = 'aposta-dev-datavalid-secret';

export function parseIdentity(
  env: Env,
  options: { isProduction: boolean; licensed: boolean },
): IdentityConfig {
  const url = env.DATAVALID_URL || undefined;
  if (options.isProduction && options.licensed && !url)
    throw new ConfigError(
      'REGULATORY_PROFILE=br-licensed in production needs DATAVALID_URL (identity check)',
    );
  if (url && (!env.DATAVALID_CLIENT_ID || !env.DATAVALID_CLIENT_SECRET))
    throw new ConfigError('DATAVALID_URL needs DATAVALID_CLIENT_ID and DATAVALID_CLIENT_SECRET');
  const similarity = Number(env.KYC_FACE_MIN_SIMILARITY || 0.85);
  if (!(similarity > 0 && similarity <= 1))
    throw new ConfigError(`KYC_FACE_MIN_SIMILARITY must be in (0, 1], got "${env.KYC_FACE_MIN_SIMILARITY}"`);
  return {
    url,
    clientId: url ? (env.DATAVALID_CLIENT_ID as string) : EMULATOR_DATAVALID_ID,
    clientSecret: url ? (env.DATAVALID_CLIENT_SECRET as string) : EMULATOR_DATAVALID_SECRET,
    tokenPath: env.DATAVALID_TOKEN_PATH || '/token',
    apiPath: env.DATAVALID_API_PATH || '/datavalid/v4',
    timeoutMs: parseInteger('DATAVALID_TIMEOUT_MS', env.DATAVALID_TIMEOUT_MS, 8000, 50, 60_000),
    minSimilarity: similarity,
    recheck: parseRecheck(env, options.licensed),
  };
}

const HOUR_MS = 3_600_000;

/** The repeat face check (decision 0068): on by default only under br-licensed. */
function parseRecheck(env: Env, licensed: boolean): IdentityConfig['recheck'] {
  const flag = env.FACE_RECHECK || (licensed ? 'on' : 'off');
  if (flag !== 'on' && flag !== 'off')
    throw new ConfigError(`FACE_RECHECK must be "on" or "off", got "${env.FACE_RECHECK}"`);
  const loginHours = parseInteger('FACE_RECHECK_LOGIN_HOURS', env.FACE_RECHECK_LOGIN_HOURS, 168, 1, 24 * 366);
  const withdrawalHours = parseInteger(
    'FACE_RECHECK_WITHDRAWAL_HOURS',
    env.FACE_RECHECK_WITHDRAWAL_HOURS,
    24,
    1,
    24 * 366,
  );
  // 0: deposits are not asked (the reading that a Pix from the player's own CPF carries its identity).
  const depositHours = parseInteger(
    'FACE_RECHECK_DEPOSIT_HOURS',
    env.FACE_RECHECK_DEPOSIT_HOURS,
    24,
    0,
    24 * 366,
  );
  return {
    enabled: flag === 'on',
    loginWindowMs: loginHours * HOUR_MS,
    withdrawalWindowMs: withdrawalHours * HOUR_MS,
    depositWindowMs: depositHours === 0 ? null : depositHours * HOUR_MS,
    maxAttempts: 3,
  };
}
