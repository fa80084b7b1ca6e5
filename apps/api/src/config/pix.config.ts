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
  /**
   * Optional: a secret some PSPs add on top of the standard's mTLS (HMAC-SHA256 over timestamp and body). Empty: no
   * HMAC; deliveries are then authenticated by the PSP's client certificate only (docs/providers/api-pix.md).
   */
  webhookSecret: string;
  /**
   * PEM bundle of the certificate authorities that issue the PSP's webhook client certificate (Efí publishes its
   * chain). A delivery is authentic when its client certificate chains to one of these (the standard: mTLS).
   */
  webhookCa: string | undefined;
  /**
   * Behind a TLS-terminating proxy: the header in which the proxy passes the client certificate it verified (PEM,
   * URL-encoded as nginx's `$ssl_client_escaped_cert`). The proxy must always overwrite it. Undefined: not read.
   */
  webhookClientCertHeader: string | undefined;
  /** Our own mTLS listener for the PSP's deliveries (no proxy): port, server certificate and key (PEM). */
  webhookMtls: { port: number; host: string; cert: string; key: string } | undefined;
  tokenPath: string;
  /** RFC 6749 sends the token request form-urlencoded; 'json' for a PSP that wants JSON instead. */
  tokenFormat: 'form' | 'json';
  /** The scopes asked for in the token request (space separated); empty: none asked (the PSP's default). */
  scope: string;
  /** Merchant name and city of a BR Code we build from a cob's `location` when the PSP gives no pixCopiaECola. */
  merchantName: string;
  merchantCity: string;
  /** Longest wait for one call to the PSP; a payout that times out is then queried, never sent again. */
  timeoutMs: number;
  /** Our public base URL the PSP calls back (webhookUrl); registered with PUT /webhook/{chave} at start. */
  webhookUrl: string;
  /**
   * The PSP's send-Pix rail for withdrawals: Efí's, the only one (PIX_PAYOUTS), at the PSP or at the in-process
   * emulator. The development-only local rail is gone (decision 0066).
   */
  payouts: 'efi';
  /** PAYMENTS_CARDS=1: card deposits through the same PSP's hosted checkout (packages of the card channel). */
  cards: boolean;
}

export const EMULATOR_CLIENT_ID = 'aposta-dev';
export const EMULATOR_CLIENT_SECRET = 'aposta-dev-secret';
export const EMULATOR_RECEIVER_KEY = 'pix@aposta.dev';
export const EMULATOR_WEBHOOK_SECRET = 'emulator-webhook-secret';

/** The API Pix scopes our calls need (openapi 2.9.0), and Efí's send-Pix ones: it pays the withdrawals. */
export function defaultScope(): string {
  return 'cob.write cob.read pix.read pix.write webhook.write webhook.read pix.send gn.pix.send.read';
}

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

/** PIX_PAYOUTS: `efi`, the default and the only rail; the development `local` rail was removed. */
function parsePayouts(value: string | undefined): 'efi' {
  if (value === 'local') {
    throw new Error(
      'PIX_PAYOUTS=local: the local payout rail is gone; withdrawals go through Efí’s send-Pix, at the PSP or the emulator (decision 0066)',
    );
  }
  if (value && value !== 'efi') throw new Error(`PIX_PAYOUTS "${value}" is not supported (efi)`);
  return 'efi';
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
    webhookCa: pem('PIX_WEBHOOK_CA', env.PIX_WEBHOOK_CA),
    webhookClientCertHeader: env.PIX_WEBHOOK_CLIENT_CERT_HEADER?.trim().toLowerCase() || undefined,
    webhookMtls: undefined,
    tokenPath: env.PIX_TOKEN_PATH || '/oauth/token',
    tokenFormat: env.PIX_TOKEN_FORMAT === 'json' ? 'json' : 'form',
    scope: (env.PIX_SCOPE ?? defaultScope()).trim(),
    merchantName: env.PIX_MERCHANT_NAME || 'APOSTA',
    merchantCity: env.PIX_MERCHANT_CITY || 'SAO PAULO',
    timeoutMs: Number(env.PIX_TIMEOUT_MS || 10_000),
    webhookUrl: `${(env.PIX_WEBHOOK_BASE_URL || options.publicUrl).replace(/\/+$/, '')}/api/pay/webhook/apipix`,
    payouts: parsePayouts(env.PIX_PAYOUTS),
    cards: ['1', 'true', 'on', 'yes'].includes((env.PAYMENTS_CARDS ?? '').toLowerCase()),
  };
  if (env.PIX_TOKEN_FORMAT && env.PIX_TOKEN_FORMAT !== 'json' && env.PIX_TOKEN_FORMAT !== 'form') {
    throw new Error(`PIX_TOKEN_FORMAT "${env.PIX_TOKEN_FORMAT}" is not supported (form, json)`);
  }
  if (env.PIX_WEBHOOK_MTLS_PORT) {
    const port = Number(env.PIX_WEBHOOK_MTLS_PORT);
    const cert = pem('PIX_WEBHOOK_TLS_CERT', env.PIX_WEBHOOK_TLS_CERT);
    const key = pem('PIX_WEBHOOK_TLS_KEY', env.PIX_WEBHOOK_TLS_KEY);
    if (!Number.isInteger(port) || port < 1 || port > 65_535)
      throw new Error('PIX_WEBHOOK_MTLS_PORT: 1..65535');
    if (!cert || !key || !config.webhookCa) {
      throw new Error(
        'PIX_WEBHOOK_MTLS_PORT needs PIX_WEBHOOK_TLS_CERT, PIX_WEBHOOK_TLS_KEY and PIX_WEBHOOK_CA',
      );
    }
    config.webhookMtls = { port, host: env.PIX_WEBHOOK_MTLS_HOST || '0.0.0.0', cert, key };
  }
  if (config.webhookClientCertHeader && !config.webhookCa) {
    throw new Error(
      'PIX_WEBHOOK_CLIENT_CERT_HEADER needs PIX_WEBHOOK_CA (the PSP chain the certificate is checked against)',
    );
  }
  if (config.cards && options.provider !== 'apipix') {
    throw new Error('PAYMENTS_CARDS needs PAYMENTS_PROVIDER=apipix (the same PSP takes the cards)');
  }
  if (!Number.isInteger(config.timeoutMs) || config.timeoutMs < 100 || config.timeoutMs > 120_000) {
    throw new Error('PIX_TIMEOUT_MS must be 100..120000');
  }
  if (options.provider !== 'apipix') return config;
  // Production without PAYMENTS_PROVIDER and PIX_API_URL is a demonstration server (the emulator, with no way to
  // pay: decision 0066), as the removed sandbox was; with either set, every PSP value is required.
  if (options.isProduction && (env.PAYMENTS_PROVIDER || external)) {
    const missing = [
      ['PIX_API_URL', config.apiUrl],
      ['PIX_CLIENT_ID', config.clientId],
      ['PIX_CLIENT_SECRET', config.clientSecret],
      ['PIX_CERT', config.cert],
      ['PIX_CERT_KEY', config.certKey],
      ['PIX_RECEIVER_KEY', config.receiverKey],
      // The standard authenticates deliveries by the PSP's client certificate; HMAC is for PSPs that add it.
      ['PIX_WEBHOOK_CA or PIX_WEBHOOK_SECRET', config.webhookCa ?? config.webhookSecret],
    ].filter(([, value]) => !value);
    if (missing.length > 0) {
      throw new Error(`PAYMENTS_PROVIDER=apipix needs ${missing.map(([name]) => name).join(', ')}`);
    }
    if (!config.apiUrl!.startsWith('https://')) throw new Error('PIX_API_URL must be https in production');
  }
  if (config.webhookSecret && config.webhookSecret.length < 16 && external) {
    throw new Error('PIX_WEBHOOK_SECRET must have at least 16 characters');
  }
  return config;
}
