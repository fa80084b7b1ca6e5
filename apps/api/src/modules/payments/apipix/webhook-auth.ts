import { X509Certificate } from 'node:crypto';
import type { WebhookPeer } from '../provider.ts';

/** OID of the extended key usage "TLS client authentication". */
const CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';
const MAX_CHAIN = 6;

/** Every certificate of a PEM bundle (the PSP's published chain may hold an intermediate and a root). */
export function parsePemBundle(bundle: string): X509Certificate[] {
  const blocks = bundle.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => new X509Certificate(block));
}

function inValidity(cert: X509Certificate, now: Date): boolean {
  return new Date(cert.validFrom) <= now && now <= new Date(cert.validTo);
}

function issuedBy(cert: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return cert.checkIssued(issuer) && cert.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

/**
 * Whether a client certificate chains, through the intermediates the client presented, to one of the trusted
 * certificates (the PSP's configured chain), every link in its validity period and signed by the next. A leaf
 * that names its extended key usages must include client authentication.
 */
export function chainsToTrusted(
  leaf: X509Certificate,
  presented: X509Certificate[],
  trusted: X509Certificate[],
  now = new Date(),
): boolean {
  if (leaf.keyUsage && !leaf.keyUsage.includes(CLIENT_AUTH)) return false;
  let current = leaf;
  for (let depth = 0; depth < MAX_CHAIN; depth++) {
    if (!inValidity(current, now)) return false;
    // The leaf itself may be pinned in the trusted bundle.
    if (trusted.some((anchor) => anchor.raw.equals(current.raw))) return true;
    const anchor = trusted.find((candidate) => issuedBy(current, candidate));
    if (anchor) return inValidity(anchor, now);
    const next = presented.find(
      (candidate) => !candidate.raw.equals(current.raw) && issuedBy(current, candidate),
    );
    if (!next) return false;
    current = next;
  }
  return false;
}

/**
 * The client certificate a TLS-terminating proxy passes in a header: a PEM (URL-encoded as nginx's
 * `$ssl_client_escaped_cert`, or with its line breaks folded into spaces or tabs), or bare base64 DER. Undefined
 * when the header is absent or unreadable.
 */
export function certificateFromHeader(value: string | string[] | undefined): X509Certificate | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 16_384) return undefined;
  try {
    let text = value.includes('%') ? decodeURIComponent(value) : value;
    text = text.trim();
    if (text.includes('-----BEGIN CERTIFICATE-----')) {
      const body = text
        .replace('-----BEGIN CERTIFICATE-----', '')
        .replace('-----END CERTIFICATE-----', '')
        .replace(/\s+/g, '');
      return new X509Certificate(`-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`);
    }
    if (/^[A-Za-z0-9+/=\s]+$/.test(text)) return new X509Certificate(Buffer.from(text, 'base64'));
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * The API Pix standard's webhook authentication (openapi 2.9.0: the callback has `security: []` and is "protected
 * by a layer of mTLS authentication"): the PSP's client certificate, seen on our own TLS socket or passed by the
 * proxy that terminated TLS, must chain to the configured PSP chain.
 */
export function clientCertificateAuthentic(
  options: { trusted: X509Certificate[]; header?: string },
  headers: Record<string, string | string[] | undefined>,
  peer: WebhookPeer | undefined,
): boolean {
  if (options.trusted.length === 0) return false;
  const chain = (peer?.tlsChain ?? []).flatMap((der) => {
    try {
      return [new X509Certificate(der)];
    } catch {
      return [];
    }
  });
  if (chain.length > 0) return chainsToTrusted(chain[0]!, chain.slice(1), options.trusted);
  if (options.header) {
    const fromProxy = certificateFromHeader(headers[options.header]);
    if (fromProxy) return chainsToTrusted(fromProxy, [], options.trusted);
  }
  return false;
}
