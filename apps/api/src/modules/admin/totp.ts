import * as OTPAuth from 'otpauth';

/** TOTP (RFC 6238) of the operators' second factor: 6 digits, 30 s steps, SHA-1 (what every authenticator app reads). */
const PERIOD_SECONDS = 30;
const ISSUER = 'Aposta Admin';

function totpFor(secretBase32: string, username: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export async function enrolmentOf(secretBase32: string, username: string) {
  const otpauthUri = totpFor(secretBase32, username).toString();
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1 });
  return {
    otpauthUri,
    qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    secret: secretBase32,
  };
}

/**
 * The time step a code belongs to (one step of clock drift either way), or undefined when it is wrong. The
 * caller accepts a step only once per operator, so a code seen over a shoulder cannot be replayed.
 */
export function acceptedStep(
  secretBase32: string,
  username: string,
  code: string,
  now = Date.now(),
): bigint | undefined {
  const delta = totpFor(secretBase32, username).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return BigInt(Math.floor(now / 1000 / PERIOD_SECONDS) + delta);
}

/** The current code of a secret (tests and the seed's documentation use it). */
export function currentCode(secretBase32: string, now = Date.now()): string {
  return totpFor(secretBase32, 'x').generate({ timestamp: now });
}
