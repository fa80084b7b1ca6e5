/**
 * The payment page may only be framed from our own origin (the server's CSP allows frames from 'self'
 * only): anything else (another host, javascript:, data:) is refused rather than put in an iframe.
 */
export function samePaymentUrl(url: unknown, origin: string): string | undefined {
  if (typeof url !== 'string' || url.trim() === '') return undefined;
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin !== origin) return undefined;
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return undefined;
  }
}
