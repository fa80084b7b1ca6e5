import http from 'node:http';
import https from 'node:https';

/** One HTTP exchange with the PSP, whatever carries it (HTTPS with mTLS, or the in-process emulator). */
export interface PixRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** Path and query under the API's base URL, e.g. `/cob/abc`. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** A longer wait than the transport's for a call known to be slow (the webhook registration calls us back). */
  timeoutMs?: number;
}

export interface PixResponse {
  status: number;
  body: string;
}

export type PixTransport = (request: PixRequest) => Promise<PixResponse>;

/** No answer within the time limit: the PSP may or may not have acted, so the caller must ask, not repeat. */
export class PixTimeoutError extends Error {
  constructor(what: string) {
    super(`PSP did not answer in time: ${what}`);
  }
}

/** The PSP answered with an error status (after the token was renewed once, if it was a 401). */
export class PixApiError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, body: string, what: string) {
    super(`PSP answered ${status} to ${what}: ${body.slice(0, 300)}`);
    this.status = status;
    this.body = body;
  }
}

/**
 * HTTPS to the PSP with our client certificate (mTLS): the certificate and key identify us, `ca` pins the PSP's
 * server certificate authority (the system's roots when unset). One keep-alive agent for all calls.
 */
export function httpsTransport(options: {
  baseUrl: string;
  cert?: string;
  key?: string;
  ca?: string;
  timeoutMs: number;
}): PixTransport & { close(): void } {
  const base = new URL(options.baseUrl);
  const secure = base.protocol === 'https:';
  const agent = secure
    ? new https.Agent({
        keepAlive: true,
        cert: options.cert,
        key: options.key,
        ca: options.ca,
        maxSockets: 16,
      })
    : new http.Agent({ keepAlive: true, maxSockets: 16 });
  const transport = (request: PixRequest) =>
    new Promise<PixResponse>((resolve, reject) => {
      const url = new URL(base.pathname.replace(/\/+$/, '') + request.path, base);
      const what = `${request.method} ${request.path.split('?')[0]}`;
      const timeoutMs = request.timeoutMs ?? options.timeoutMs;
      const req = (secure ? https : http).request(
        url,
        {
          method: request.method,
          agent,
          headers: {
            accept: 'application/json',
            ...request.headers,
            ...(request.body === undefined ? {} : { 'content-length': Buffer.byteLength(request.body) }),
          },
          timeout: timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      // The socket timeout covers a silent server; the overall timer covers a slow trickle.
      const timer = setTimeout(() => req.destroy(new PixTimeoutError(what)), timeoutMs);
      req.on('timeout', () => req.destroy(new PixTimeoutError(what)));
      req.on('error', (error) => reject(error));
      req.on('close', () => clearTimeout(timer));
      if (request.body !== undefined) req.write(request.body);
      req.end();
    });
  return Object.assign(transport, { close: () => agent.destroy() });
}

/** A token answer without `expires_in` is reused this long (seconds), unless a 401 says it died sooner. */
export const DEFAULT_TOKEN_SECONDS = 300;

interface CachedToken {
  value: string;
  /** Renew from this moment on: a little before the PSP's expiry, so a call never carries a dying token. */
  renewAt: number;
}

/**
 * The PSP's API with OAuth2 client credentials: `POST {tokenPath}` with HTTP Basic (client id and secret) and the
 * scopes asked, form-urlencoded as RFC 6749 says (JSON for a PSP that wants it), the
 * token reused until shortly before it expires, and renewed once when the API says 401 anyway (revoked early).
 */
export class PixApiClient {
  #token: CachedToken | undefined;
  #pending: Promise<CachedToken> | undefined;
  tokensFetched = 0;
  private readonly transport: PixTransport;
  private readonly options: {
    clientId: string;
    clientSecret: string;
    tokenPath: string;
    /** Space-separated scopes asked for (RFC 6749 section 3.3). */
    scope?: string;
    /** 'form' (RFC 6749, the default) or 'json' (a PSP that wants JSON). */
    tokenFormat?: 'form' | 'json';
    now?: () => number;
  };

  constructor(transport: PixTransport, options: PixApiClient['options']) {
    this.transport = transport;
    this.options = options;
  }

  #now() {
    return this.options.now?.() ?? Date.now();
  }

  async #fetchToken(): Promise<CachedToken> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const fields = {
      grant_type: 'client_credentials',
      ...(this.options.scope ? { scope: this.options.scope } : {}),
    };
    // RFC 6749 section 4.4.2: application/x-www-form-urlencoded; JSON only for a PSP that asks for it.
    const json = this.options.tokenFormat === 'json';
    const response = await this.transport({
      method: 'POST',
      path: this.options.tokenPath,
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
      },
      body: json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
    });
    if (response.status !== 200) throw new PixApiError(response.status, response.body, 'POST token');
    let body: { access_token?: unknown; expires_in?: unknown; token_type?: unknown };
    try {
      body = JSON.parse(response.body);
    } catch {
      throw new PixApiError(response.status, response.body.slice(0, 100), 'POST token (not JSON)');
    }
    if (
      typeof body.access_token !== 'string' ||
      (typeof body.token_type === 'string' && body.token_type.toLowerCase() !== 'bearer')
    ) {
      throw new PixApiError(response.status, '(token answer)', 'POST token (no bearer access_token)');
    }
    // expires_in is RECOMMENDED, not required (RFC 6749 section 5.1): without it, renew after a short default, and
    // a 401 renews earlier anyway.
    const expiresIn =
      typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : DEFAULT_TOKEN_SECONDS;
    this.tokensFetched += 1;
    // Renew at 90% of the lifetime, at most a minute early.
    const lifetimeMs = expiresIn * 1000;
    return {
      value: body.access_token,
      renewAt: this.#now() + lifetimeMs - Math.min(60_000, lifetimeMs / 10),
    };
  }

  async #token_(): Promise<string> {
    if (this.#token && this.#now() < this.#token.renewAt) return this.#token.value;
    // Concurrent callers share one token request.
    this.#pending ??= this.#fetchToken().finally(() => {
      this.#pending = undefined;
    });
    this.#token = await this.#pending;
    return this.#token.value;
  }

  /** Calls the API; answers the parsed JSON of a 2xx, throws PixApiError otherwise (404 included). */
  async call<T>(
    method: PixRequest['method'],
    path: string,
    body?: unknown,
    options: { timeoutMs?: number } = {},
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.#token_();
      const response = await this.transport({
        method,
        path,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      });
      if (response.status === 401 && attempt === 0) {
        this.#token = undefined;
        continue;
      }
      if (response.status < 200 || response.status > 299) {
        throw new PixApiError(response.status, response.body, `${method} ${path.split('?')[0]}`);
      }
      return (response.body ? JSON.parse(response.body) : null) as T;
    }
  }
}
