import { readFileSync } from 'node:fs';

/**
 * PAYMENTS_PROVIDER=apipix (api-contract section 18): where the PSP's API Pix is and who we are to it. Outside
 * production an unset PIX_API_URL means the emulator served by this server (modules/psp-emulator), with its
 * development credentials; production needs every value.
 */
export interface PixConfig {
  /** The PSP's host (e.g. https://pix.api.efipay.com.br); undefined: the in-process emulator. */
  apiUrl: string | undefined;
  /** Where the API Pix lives on that host (`/v2` at Efí, `/pix/v2` at Inter). */
  apiPath: string;
  clientId: string;
  clientSecret: string;
  /** PEM texts of our client certificate, its key, and the CA that signed the PSP's server certificate. */
  cert: string | undefined;
  certKey: string | undefined;
  ca: string | undefined;
  /** The Pix key (chave) that receives deposits and pays withdrawals. */
  receiverKey: string;
  /** The secret the PSP signs its webhook deliveries with (HMAC-SHA256 over timestamp and body). */
  webhookSecret: string;
  tokenPath: string;
  /** Longest wait for one call to the PSP; a payout that times out is then queried, never sent again. */
  timeoutMs: number;
  /** Our public base URL the PSP calls back (webhookUrl); registered with PUT /webhook/{chave} at start. */
  webhookUrl: string;
  /** The PSP's send-Pix rail for withdrawals ('efi'); undefined keeps the sandbox's payouts. */
  payouts: 'efi' | undefined;
  /** PAYMENTS_CARDS=1: card deposits through the same PSP's hosted checkout (packages of the card channel). */
  cards: boolean;
}

export const EMULATOR_CLIENT_ID = 'aposta-dev';
export const EMULATOR_CLIENT_SECRET = 'aposta-dev-secret';
export const EMULATOR_RECEIVER_KEY = 'pix@aposta.dev';
export const EMULATOR_WEBHOOK_SECRET = 'emulator-webhook-secret';

/** A PEM given inline or as a file path. */
function pem(name: string, raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (raw.includes('-----BEGIN')) return raw.replace(/\\n/g, '\n');
  try {
    return readFileSync(raw, 'utf8');
  } catch {
    throw new Error(`${name}: cannot read the PEM file "${raw}"`);
  }
}

export function parsePixConfig(
  env: Record<string, string | undefined>,
  options: { provider: string; isProduction: boolean; publicUrl: string },
): PixConfig {
  const apiUrl = env.PIX_API_URL || undefined;
  const external = apiUrl !== undefined;
  const config: PixConfig = {
    apiUrl: apiUrl?.replace(/\/+$/, ''),
    apiPath: (env.PIX_API_PATH ?? '/v2').replace(/\/+$/, ''),
    clientId: env.PIX_CLIENT_ID || (external ? '' : EMULATOR_CLIENT_ID),
    clientSecret: env.PIX_CLIENT_SECRET || (external ? '' : EMULATOR_CLIENT_SECRET),
    cert: pem('PIX_CERT', env.PIX_CERT),
    certKey: pem('PIX_CERT_KEY', env.PIX_CERT_KEY),
    ca: pem('PIX_CA', env.PIX_CA),
    receiverKey: env.PIX_RECEIVER_KEY || (external ? '' : EMULATOR_RECEIVER_KEY),
    webhookSecret: env.PIX_WEBHOOK_SECRET || (external ? '' : EMULATOR_WEBHOOK_SECRET),
    tokenPath: env.PIX_TOKEN_PATH || '/oauth/token',
    timeoutMs: Number(env.PIX_TIMEOUT_MS || 10_000),
    webhookUrl: `${(env.PIX_WEBHOOK_BASE_URL || options.publicUrl).replace(/\/+$/, '')}/api/pay/webhook/apipix`,
    payouts: env.PIX_PAYOUTS === 'efi' ? 'efi' : undefined,
    cards: ['1', 'true', 'on', 'yes'].includes((env.PAYMENTS_CARDS ?? '').toLowerCase()),
  };
  if (config.cards && options.provider !== 'apipix') {
    throw new Error('PAYMENTS_CARDS needs PAYMENTS_PROVIDER=apipix (the same PSP takes the cards)');
  }
  if (env.PIX_PAYOUTS && env.PIX_PAYOUTS !== 'efi' && env.PIX_PAYOUTS !== 'sandbox') {
    throw new Error(`PIX_PAYOUTS "${env.PIX_PAYOUTS}" is not supported (efi, sandbox)`);
  }
  if (!Number.isInteger(config.timeoutMs) || config.timeoutMs < 100 || config.timeoutMs > 120_000) {
    throw new Error('PIX_TIMEOUT_MS must be 100..120000');
  }
  if (options.provider !== 'apipix') return config;
  if (options.isProduction) {
    const missing = [
      ['PIX_API_URL', config.apiUrl],
      ['PIX_CLIENT_ID', config.clientId],
      ['PIX_CLIENT_SECRET', config.clientSecret],
      ['PIX_CERT', config.cert],
      ['PIX_CERT_KEY', config.certKey],
      ['PIX_RECEIVER_KEY', config.receiverKey],
      ['PIX_WEBHOOK_SECRET', config.webhookSecret],
    ].filter(([, value]) => !value);
    if (missing.length > 0) {
      throw new Error(`PAYMENTS_PROVIDER=apipix needs ${missing.map(([name]) => name).join(', ')}`);
    }
    if (!config.apiUrl!.startsWith('https://')) throw new Error('PIX_API_URL must be https in production');
  }
  if (config.webhookSecret.length < 16 && external) {
    throw new Error('PIX_WEBHOOK_SECRET must have at least 16 characters');
  }
  return config;
}
