import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseWorkers } from './cluster/workers.config.ts';
import { type ComplianceConfig, parseCompliance } from './config/compliance.config.ts';
import { type IdentityConfig, parseIdentity } from './config/identity.config.ts';
import { type LegalConfig, parseLegal } from './config/legal.config.ts';
import { type OpsConfig, parseOps } from './config/ops.config.ts';
import { type PayoutsConfig, parsePayouts } from './config/payouts.config.ts';
import { type PixConfig, parsePixConfig } from './config/pix.config.ts';
import { parseSlots, type SlotsConfig } from './config/slots.config.ts';
import { parseSportsbook, type SportsbookConfig } from './config/sportsbook.config.ts';
import { parseTax, type TaxConfig } from './config/tax.config.ts';
import { ConfigError, type Env, parseFlag, parseInteger, parseLimit } from './config.parse.ts';
import { passwordProblem } from './lib/password-policy.ts';

export type { SlotsConfig } from './config/slots.config.ts';
export { ConfigError } from './config.parse.ts';

/** Every environment variable the server reads, parsed and checked once at boot (api-contract section 9). */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Server processes `npm start` runs (WORKERS; cluster/workers.config.ts). */
  workers: number;
  captchaBypass: string | undefined;
  paymentsProvider: 'apipix';
  /** The PSP's API Pix (or the in-process emulator), its certificates, its payouts (issue 16, decision 0066). */
  pix: PixConfig;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  webDistDir: string;
  logLevel: string;
  tokenTtlSeconds: number;
  trustProxy: boolean;
  rateLimits: RateLimits;
  /** Said in the log at start: settings that work but that an operator should know about. */
  warnings: string[];
  /** A house-wide ceiling on every VIP level's daily withdrawal count; null: the VIP table alone. */
  withdrawalsPerDay: number | null;
  usdtRate: string;
  payoutDelaySeconds: number;
  /** Off in API tests, which run due jobs by hand to control time. */
  jobsEnabled: boolean;
  ledgerCheckIntervalSeconds: number;
  /** Links of each round game's hash chain; tests use short chains to build them fast. */
  roundChainLength: number;
  /** Crash (modules/games/crash): betting phase and pause after a crash; journeys shorten them. */
  crash: { bettingMs: number; pauseMs: number };
  server: ServerLimits;
  database: DatabaseLimits;
  sportsbook: SportsbookConfig;
  slots: SlotsConfig;
  /** Lifetime of an operator token (back office), shorter than a player's. */
  adminTokenTtlSeconds: number;
  /** A withdrawal above this many centavos waits for an operator's review. */
  withdrawalReviewAboveCents: bigint;
  /** Off: every withdrawal is paid without review (the risk rules are not applied). */
  withdrawalReview: boolean;
  /** How often each process re-checks the tokens and players of its open sockets. */
  socketRecheckSeconds: number;
  /**
   * REGULATORY_PROFILE (api-contract section 17): 'open' (default) or 'br-licensed' (Lei 14.790/2023: KYC before
   * deposit, deposit limits at registration, no USDT, no transfers, no deposit gift; docs/decisions/0025).
   */
  regulatoryProfile: RegulatoryProfile;
  /** BR_WITHDRAW_CAPS: whether the VIP withdrawal caps hold under br-licensed (config/payouts.config.ts). */
  payouts: PayoutsConfig;
  /** The SIGAP list checks under br-licensed (config/compliance.config.ts, decision 0051). */
  compliance: ComplianceConfig;
  /** The identity provider behind KYC: Datavalid, or its emulator (config/identity.config.ts, decision 0065). */
  identity: IdentityConfig;
  /** WINNINGS_TAX: IRPF at source on net prizes under br-licensed (config/tax.config.ts, decision 0057). */
  tax: TaxConfig;
  /** Metrics, traces, migrations at start, shutdown (config/ops.config.ts). */
  ops: OpsConfig;
  /** The footer's legal identity and the self-exclusion platform's address (config/legal.config.ts). */
  legal: LegalConfig;
}

export type RegulatoryProfile = 'open' | 'br-licensed';

function parseRegulatoryProfile(raw: string | undefined): RegulatoryProfile {
  const value = raw === undefined || raw === '' ? 'open' : raw;
  if (value !== 'open' && value !== 'br-licensed')
    throw new ConfigError(`REGULATORY_PROFILE must be open or br-licensed, got "${value}"`);
  return value;
}

/** How long the HTTP server waits on a client, and how much it reads from one. */
export interface ServerLimits {
  /** Largest request body; a bigger one is answered 413. */
  bodyLimitBytes: number;
  /** The whole request must have arrived within this time (Fastify requestTimeout). */
  requestTimeoutMs: number;
  /** The request headers must have arrived within this time (a slow-headers client is cut off). */
  headersTimeoutMs: number;
  /** An idle kept-alive connection is closed after this; above the usual 60 s of the proxies in front. */
  keepAliveTimeoutMs: number;
  /** A socket silent this long is closed (Fastify connectionTimeout). */
  connectionTimeoutMs: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  bodyLimitBytes: 64 * 1024,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 65_000,
  connectionTimeoutMs: 120_000,
};

/** Bounds of every PostgreSQL connection: no statement, open transaction or wait for a connection is endless. */
export interface DatabaseLimits {
  poolSize: number;
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  /** Longest wait for a free pooled connection; then the request is answered 503. */
  connectTimeoutMs: number;
}

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = {
  poolSize: 20,
  statementTimeoutMs: 15_000,
  idleInTransactionTimeoutMs: 30_000,
  connectTimeoutMs: 5_000,
};

/** Requests per minute per client address on the calls a stranger could abuse. */
export interface RateLimits {
  loginPerMinute: number;
  registerPerMinute: number;
  captchaPerMinute: number;
  resetPerMinute: number;
  /** Per player: transfers, so that probing who is a player costs time. */
  transferPerMinute: number;
  /** Per address: webhook deliveries; a bad signature is refused and only the first few are kept. */
  webhookPerMinute: number;
  /** Per player: support chat messages (issue 14). */
  chatPerMinute: number;
  /** Per account and 15 minutes: wrong passwords from all addresses together before untrusted devices wait. */
  loginFailuresPerAccount: number;
}

/**
 * Per address and minute. Generous enough for many players behind one carrier-grade NAT (common on Brazilian
 * mobile networks); guessing one account's password is held back by the per-account failure lock instead.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerMinute: 30,
  registerPerMinute: 30,
  captchaPerMinute: 60,
  resetPerMinute: 10,
  transferPerMinute: 10,
  webhookPerMinute: 120,
  chatPerMinute: 20,
  loginFailuresPerAccount: 50,
};

function parseServerLimits(env: Env): ServerLimits {
  const d = DEFAULT_SERVER_LIMITS;
  const limits: ServerLimits = {
    bodyLimitBytes: parseInteger(
      'BODY_LIMIT_BYTES',
      env.BODY_LIMIT_BYTES,
      d.bodyLimitBytes,
      1024,
      10 * 1024 * 1024,
    ),
    requestTimeoutMs: parseInteger(
      'REQUEST_TIMEOUT_MS',
      env.REQUEST_TIMEOUT_MS,
      d.requestTimeoutMs,
      1000,
      600_000,
    ),
    headersTimeoutMs: parseInteger(
      'HEADERS_TIMEOUT_MS',
      env.HEADERS_TIMEOUT_MS,
      d.headersTimeoutMs,
      1000,
      600_000,
    ),
    keepAliveTimeoutMs: parseInteger(
      'KEEP_ALIVE_TIMEOUT_MS',
      env.KEEP_ALIVE_TIMEOUT_MS,
      d.keepAliveTimeoutMs,
      1000,
      600_000,
    ),
    connectionTimeoutMs: parseInteger(
      'CONNECTION_TIMEOUT_MS',
      env.CONNECTION_TIMEOUT_MS,
      d.connectionTimeoutMs,
      1000,
      3_600_000,
    ),
  };
  // Node refuses a headers timeout longer than the request timeout.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs)
    throw new ConfigError('HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  return limits;
}

function parseDatabaseLimits(env: Env): DatabaseLimits {
  const d = DEFAULT_DATABASE_LIMITS;
  return {
    // Two at least: migrations hold their lock on one connection while they run on another.
    poolSize: parseInteger('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, d.poolSize, 2, 1000),
    statementTimeoutMs: parseInteger(
      'DATABASE_STATEMENT_TIMEOUT_MS',
      env.DATABASE_STATEMENT_TIMEOUT_MS,
      d.statementTimeoutMs,
      100,
      3_600_000,
    ),
    idleInTransactionTimeoutMs: parseInteger(
      'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      d.idleInTransactionTimeoutMs,
      100,
      3_600_000,
    ),
    connectTimeoutMs: parseInteger(
      'DATABASE_CONNECT_TIMEOUT_MS',
      env.DATABASE_CONNECT_TIMEOUT_MS,
      d.connectTimeoutMs,
      100,
      600_000,
    ),
  };
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be 0..65535, got "${raw}"`);
  return port;
}

function parseNodeEnv(raw: string | undefined): Config['nodeEnv'] {
  const value = raw === undefined || raw === '' ? 'development' : raw;
  if (value !== 'development' && value !== 'production' && value !== 'test') {
    throw new ConfigError(`NODE_ENV must be development, production or test, got "${value}"`);
  }
  return value;
}

/** The site's public address: an http(s) origin, optionally with a path, never a query; no trailing slash. */
function parsePublicUrl(value: string | undefined, port: number): string {
  if (!value) return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      `PUBLIC_URL must be the site's address, like https://aposta.example, got "${value}"`,
    );
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username)
    throw new ConfigError(
      `PUBLIC_URL must be an http(s) address without query or credentials, got "${value}"`,
    );
  return value.replace(/\/+$/, '');
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = parseNodeEnv(env.NODE_ENV);
  const isProduction = nodeEnv === 'production';
  const databaseUrl = env.DATABASE_URL || undefined;
  const captchaBypass = env.CAPTCHA_BYPASS || undefined;
  const port = parsePort(env.PORT);
  const provider = parsePaymentsProvider(env.PAYMENTS_PROVIDER);
  if (isProduction) refuseUnsafeInProduction(databaseUrl, captchaBypass);
  const warnings: string[] = [];
  if (isProduction && !env.SMTP_URL)
    warnings.push('SMTP_URL is unset: password-reset mails are kept in the outbox table, not sent');
  const { adminUsername, adminPassword } = parseAdminCredentials(env, isProduction, warnings);
  const usdtRate = env.USDT_RATE || '5.40';
  if (!/^\d{1,4}(\.\d{1,4})?$/.test(usdtRate)) throw new ConfigError('USDT_RATE must be a decimal like 5.40');
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const publicUrl = parsePublicUrl(env.PUBLIC_URL, port);
  // Invitation links, their QR codes and the PIX webhook address are built from it: localhost reaches nobody.
  if (isProduction && !env.PUBLIC_URL)
    warnings.push(`PUBLIC_URL is unset: invitation links and the PIX webhook address say ${publicUrl}`);
  const workers = asConfigError(() =>
    parseWorkers(env.WORKERS, {
      databaseUrl,
      redisUrl: env.REDIS_URL || undefined,
      cores: availableParallelism(),
    }),
  );
  const pix = asConfigError(() => parsePixConfig(env, { provider, isProduction, publicUrl }));
  return {
    nodeEnv,
    isProduction,
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    redisUrl: env.REDIS_URL || undefined,
    workers,
    captchaBypass,
    paymentsProvider: provider,
    pix,
    adminUsername,
    adminPassword,
    seedDemo: parseFlag('SEED_DEMO', env.SEED_DEMO, !databaseUrl),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Aposta <no-reply@aposta.local>',
    publicUrl,
    webDistDir: path.resolve(env.WEB_DIST_DIR || path.join(repoRoot, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    ...parseTokenLifetimes(env),
    trustProxy: parseFlag('TRUST_PROXY', env.TRUST_PROXY, false),
    rateLimits: parseRateLimits(env),
    warnings,
    ...parseWithdrawalSettings(env),
    usdtRate,
    payoutDelaySeconds: Number(env.PAYOUT_DELAY_SECONDS || 3),
    jobsEnabled: nodeEnv !== 'test',
    ledgerCheckIntervalSeconds: Number(env.LEDGER_CHECK_INTERVAL_SECONDS || 600),
    roundChainLength: Number(env.ROUND_CHAIN_LENGTH || 200_000),
    crash: { bettingMs: Number(env.CRASH_BETTING_MS || 7000), pauseMs: Number(env.CRASH_PAUSE_MS || 3000) },
    server: parseServerLimits(env),
    database: parseDatabaseLimits(env),
    sportsbook: parseSportsbook(env),
    slots: parseSlots(env, isProduction, warnings),
    socketRecheckSeconds: 30,
    regulatoryProfile: parseRegulatoryProfile(env.REGULATORY_PROFILE),
    payouts: parsePayouts(env),
    legal: parseLegal(env),
    compliance: parseCompliance(env, { isProduction, licensed: env.REGULATORY_PROFILE === 'br-licensed' }),
    identity: parseIdentity(env, { isProduction, licensed: env.REGULATORY_PROFILE === 'br-licensed' }),
    ops: parseOps(env, databaseUrl),
    tax: parseTax(env, { licensed: env.REGULATORY_PROFILE === 'br-licensed' }),
  };
}

/** A parser that throws a plain Error (shared with the cluster or a module) reports as a configuration error. */
function asConfigError<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError((error as Error).message);
  }
}

/** The first operator (ADMIN_USERNAME/ADMIN_PASSWORD): production refuses a short or common password. */
function parseAdminCredentials(
  env: Env,
  isProduction: boolean,
  warnings: string[],
): { adminUsername: string | undefined; adminPassword: string | undefined } {
  const adminUsername = env.ADMIN_USERNAME || undefined;
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 12 && isProduction) {
    throw new ConfigError('ADMIN_PASSWORD must have at least 12 characters in production');
  }
  const adminPasswordProblem = adminPassword === undefined ? null : passwordProblem(adminPassword);
  if (adminPasswordProblem === 'auth.password_common') {
    if (isProduction) throw new ConfigError('ADMIN_PASSWORD is a common password: choose another one');
    warnings.push('ADMIN_PASSWORD is a common password: production refuses it');
  }
  return { adminUsername, adminPassword };
}

/** How many withdrawals a day, and which ones wait for an operator's review. */
function parseWithdrawalSettings(
  env: Env,
): Pick<Config, 'withdrawalsPerDay' | 'withdrawalReviewAboveCents' | 'withdrawalReview'> {
  // Decision 0029: the VIP table is the source of each level's daily count; this, when set, lowers every level's.
  const withdrawalsPerDay = env.WITHDRAWALS_PER_DAY ? Number(env.WITHDRAWALS_PER_DAY) : null;
  if (
    withdrawalsPerDay !== null &&
    (!Number.isInteger(withdrawalsPerDay) || withdrawalsPerDay < 1 || withdrawalsPerDay > 100)
  ) {
    throw new ConfigError('WITHDRAWALS_PER_DAY must be 1..100');
  }
  const reviewAbove = env.WITHDRAWAL_REVIEW_ABOVE || '1000.00';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(reviewAbove))
    throw new ConfigError('WITHDRAWAL_REVIEW_ABOVE must be an amount in reais like 1000.00');
  const [reviewReais, reviewCentavos = ''] = reviewAbove.split('.');
  return {
    withdrawalsPerDay,
    withdrawalReviewAboveCents: BigInt(reviewReais!) * 100n + BigInt(reviewCentavos.padEnd(2, '0')),
    withdrawalReview: parseFlag('WITHDRAWAL_REVIEW', env.WITHDRAWAL_REVIEW, true),
  };
}

/** Per-minute ceilings of the endpoints a stranger could hammer (RATE_LIMIT_*). */
function parseRateLimits(env: Env): RateLimits {
  const limit = (name: string, key: keyof RateLimits) =>
    parseLimit(name, env[name], DEFAULT_RATE_LIMITS[key]);
  return {
    loginPerMinute: limit('RATE_LIMIT_LOGIN', 'loginPerMinute'),
    registerPerMinute: limit('RATE_LIMIT_REGISTER', 'registerPerMinute'),
    captchaPerMinute: limit('RATE_LIMIT_CAPTCHA', 'captchaPerMinute'),
    resetPerMinute: limit('RATE_LIMIT_RESET', 'resetPerMinute'),
    transferPerMinute: limit('RATE_LIMIT_TRANSFER', 'transferPerMinute'),
    webhookPerMinute: limit('RATE_LIMIT_WEBHOOK', 'webhookPerMinute'),
    chatPerMinute: limit('RATE_LIMIT_CHAT', 'chatPerMinute'),
    loginFailuresPerAccount: limit('LOGIN_FAILURES_PER_ACCOUNT', 'loginFailuresPerAccount'),
  };
}

/** How long a player's and an operator's tokens live. */
function parseTokenLifetimes(env: Env): Pick<Config, 'tokenTtlSeconds' | 'adminTokenTtlSeconds'> {
  const tokenTtlSeconds = Number(env.TOKEN_TTL_SECONDS || 7 * 24 * 3600);
  if (!Number.isInteger(tokenTtlSeconds) || tokenTtlSeconds < 60)
    throw new ConfigError('TOKEN_TTL_SECONDS must be ≥ 60');
  const adminTokenTtlSeconds = Number(env.ADMIN_TOKEN_TTL_SECONDS || 8 * 3600);
  if (
    !Number.isInteger(adminTokenTtlSeconds) ||
    adminTokenTtlSeconds < 60 ||
    adminTokenTtlSeconds > 7 * 86_400
  )
    throw new ConfigError('ADMIN_TOKEN_TTL_SECONDS must be 60..604800');
  return { tokenTtlSeconds, adminTokenTtlSeconds };
}

/** apipix, the only provider: a real PSP at PIX_API_URL, or the in-process emulator (decision 0066). */
function parsePaymentsProvider(raw: string | undefined): Config['paymentsProvider'] {
  const provider = raw || 'apipix';
  if (provider === 'sandbox') {
    throw new ConfigError(
      'PAYMENTS_PROVIDER "sandbox" was removed (decision 0066): apipix runs against the in-process PSP emulator',
    );
  }
  if (provider !== 'apipix')
    throw new ConfigError(`PAYMENTS_PROVIDER "${provider}" is not supported (apipix)`);
  return provider;
}

function refuseUnsafeInProduction(databaseUrl: string | undefined, captchaBypass: string | undefined): void {
  // PGlite neither fsyncs nor takes more than one writer: never the database of real money.
  if (!databaseUrl) throw new ConfigError('NODE_ENV=production needs DATABASE_URL');
  if (captchaBypass) throw new ConfigError('CAPTCHA_BYPASS is refused when NODE_ENV=production');
}
