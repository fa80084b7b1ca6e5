import http from 'node:http';
import https from 'node:https';

/** One HTTP exchange with the PSP, whatever carries it (HTTPS with mTLS, or the in-process emulator). */
export interface PixRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** Path and query under the API's base URL, e.g. `/cob/abc`. */
  path: string;
  headers: Record<string, string>;
  body?: string;
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
          timeout: options.timeoutMs,
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
      const timer = setTimeout(() => req.destroy(new PixTimeoutError(what)), options.timeoutMs);
      req.on('timeout', () => req.destroy(new PixTimeoutError(what)));
      req.on('error', (error) => reject(error));
      req.on('close', () => clearTimeout(timer));
      if (request.body !== undefined) req.write(request.body);
      req.end();
    });
  return Object.assign(transport, { close: () => agent.destroy() });
}

interface CachedToken {
  value: string;
  /** Renew from this moment on: a little before the PSP's expiry, so a call never carries a dying token. */
  renewAt: number;
}

/**
 * The PSP's API with OAuth2 client credentials: `POST {tokenPath}` with HTTP Basic (client id and secret), the
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
    scope?: string;
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
    const response = await this.transport({
      method: 'POST',
      path: this.options.tokenPath,
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        ...(this.options.scope ? { scope: this.options.scope } : {}),
      }),
    });
    if (response.status !== 200) throw new PixApiError(response.status, response.body, 'POST token');
    const body = JSON.parse(response.body) as { access_token?: unknown; expires_in?: unknown };
    if (
      typeof body.access_token !== 'string' ||
      typeof body.expires_in !== 'number' ||
      body.expires_in <= 0
    ) {
      throw new PixApiError(response.status, response.body, 'POST token (no access_token/expires_in)');
    }
    this.tokensFetched += 1;
    // Renew at 90% of the lifetime, at most a minute early.
    const lifetimeMs = body.expires_in * 1000;
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
  async call<T>(method: PixRequest['method'], path: string, body?: unknown): Promise<T> {
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
