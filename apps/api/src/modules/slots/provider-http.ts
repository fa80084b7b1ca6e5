import type { TypedApp } from '../../http/typed-app.ts';

export interface HttpAnswer {
  status: number;
  text: string;
}

export type HttpCall = (
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; timeoutMs?: number },
) => Promise<HttpAnswer>;

const TIMEOUT_MS = 10_000;

/**
 * HTTP between the operator and a provider, in either direction. An absolute URL is a real provider. A path
 * (`/studio/...`, `/api/provider/...`) is this server: over real HTTP to its own port when it listens (the
 * built-in studio is then a client like any provider), through Fastify's inject otherwise (API tests that never
 * listen: the same routes, parsers and hooks, without a socket).
 */
export function providerHttp(app: TypedApp): HttpCall {
  return async (url, init) => {
    if (/^https?:\/\//.test(url)) return viaFetch(url, init);
    const address = app.server.listening ? app.server.address() : null;
    if (address && typeof address === 'object') {
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      const local = host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host;
      return viaFetch(`http://${local}:${address.port}${url}`, init);
    }
    const answer = await app.inject({
      method: init.method,
      url,
      headers: init.headers,
      payload: init.body,
    });
    return { status: answer.statusCode, text: answer.body };
  };
}

async function viaFetch(url: string, init: Parameters<HttpCall>[1]): Promise<HttpAnswer> {
  const response = await fetch(url, {
    method: init.method,
    headers: init.headers,
    body: init.body,
    signal: AbortSignal.timeout(init.timeoutMs ?? TIMEOUT_MS),
  });
  return { status: response.status, text: await response.text() };
}
