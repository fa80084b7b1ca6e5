import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-webhook-signature';
export const TIMESTAMP_HEADER = 'x-webhook-timestamp';
/** A delivery older (or newer) than this is refused, so a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** HMAC-SHA256 over `${timestamp}.${rawBody}`, hex: the timestamp is signed too, so it cannot be refreshed. */
export function signWebhook(secret: string, timestampSeconds: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');
}

export function verifyWebhookSignature(
  secret: string,
  rawBody: string,
  timestampHeader: unknown,
  signatureHeader: unknown,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (typeof timestampHeader !== 'string' || typeof signatureHeader !== 'string') return false;
  if (!/^\d{9,11}$/.test(timestampHeader) || !/^[0-9a-f]{64}$/.test(signatureHeader)) return false;
  const timestamp = Number(timestampHeader);
  if (Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signatureHeader, 'hex'));
}
