import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, type HttpEffects, type RequestContext } from './http-client';
import {
  ApiError,
  buildHeaders,
  buildUrl,
  createSerialQueue,
  encodeBody,
  encodeForm,
  failureKind,
  readEnvelope,
  zoneHoursOf,
} from './http-core';

function envelope(status: number, data: unknown, message = '') {
  return JSON.stringify({ status, message, data });
}

function respond(httpStatus: number, body: string): Response {
  return new Response(body, { status: httpStatus, headers: { 'Content-Type': 'application/json' } });
}

const context: RequestContext = {
  token: 'tok-1',
  zoneHours: -3,
  lang: 'pt_BR',
  currency: 'BRL',
  deviceId: 'device-1',
};

function fakeEffects() {
  return {
    logout: vi.fn(),
    insufficientFunds: vi.fn(),
    blocked: vi.fn(),
    alert: vi.fn(),
    errorPage: vi.fn(),
    slowNetworkText: () => 'slow',
  } satisfies HttpEffects;
}

function setup(fetchImpl: (url: string, init: RequestInit) => Promise<Response>) {
  const effects = fakeEffects();
  const loading = { count: 0, start: vi.fn(), stop: vi.fn() };
  loading.start.mockImplementation(() => {
    loading.count += 1;
  });
  loading.stop.mockImplementation(() => {
    loading.count -= 1;
  });
  const fetch = vi.fn(fetchImpl);
  const client = createHttpClient({
    fetch,
    context: async () => context,
    loading,
    effects: () => effects,
    setTimer: (callback, delayMs) => setTimeout(callback, delayMs),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    timeoutMs: 1000,
  });
  return { client, fetch, effects, loading };
}

describe('buildHeaders', () => {
  it('sends every header of spec.md section 7, with the misspelt curreny', () => {
    expect(buildHeaders(context)).toEqual({
      Authorization: 'tok-1',
      zone: '-3',
      lang: 'pt_BR',
      curreny: 'BRL',
      deviceId: 'device-1',
      devices: 'BWEBAPP',
    });
  });

  it('leaves deviceId out until the fingerprint is known (it never holds a call back)', () => {
    expect(buildHeaders({ ...context, deviceId: undefined })).not.toHaveProperty('deviceId');
  });

  it('leaves Authorization out for a guest and adds the idempotency key and content type when given', () => {
    const headers = buildHeaders({
      ...context,
      token: null,
      idempotencyKey: 'key-1',
      contentType: 'application/json',
    });
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Idempotency-Key']).toBe('key-1');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('turns the clock offset into hours east of UTC', () => {
    const brasilia = { getTimezoneOffset: () => 180 } as Date;
    const india = { getTimezoneOffset: () => -330 } as Date;
    const utc = { getTimezoneOffset: () => 0 } as Date;
    expect(zoneHoursOf(brasilia)).toBe(-3);
    expect(zoneHoursOf(india)).toBe(5.5);
    expect(Object.is(zoneHoursOf(utc), 0)).toBe(true);
  });
});

describe('body and URL encoding', () => {
  it('serialises a form body, skipping null and undefined', () => {
    expect(encodeForm({ email: 'a+b@x.com', code: 123, empty: '', gone: undefined, nil: null })).toBe(
      'email=a%2Bb%40x.com&code=123&empty=',
    );
  });

  it('uses JSON unless the call says form, and no content type without a body', () => {
    expect(encodeBody({ a: 1 }, false)).toEqual({ body: '{"a":1}', contentType: 'application/json' });
    expect(encodeBody({ a: 1 }, true)).toEqual({
      body: 'a=1',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(encodeBody(undefined, true)).toEqual({ body: undefined, contentType: undefined });
  });

  it('adds the leading slash the specification sometimes omits and appends the query', () => {
    expect(buildUrl('api/app/order/getWithdraw')).toBe('/api/app/order/getWithdraw');
    expect(buildUrl('/api/x', { curreny: 'INSBRL', skip: undefined })).toBe('/api/x?curreny=INSBRL');
  });
});

describe('envelope and error mapping', () => {
  it('resolves with data on a 200 envelope', () => {
    expect(readEnvelope(200, { status: 200, message: 'ok', data: { a: 1 } })).toEqual({ a: 1 });
  });

  it('maps the error catalogue', () => {
    expect(failureKind(401, undefined)).toBe('logout');
    expect(failureKind(200, { status: 40101, message: 'x' })).toBe('logout');
    expect(failureKind(500, { status: 9999, message: 'Saldo insuficiente' })).toBe('insufficientFunds');
    expect(failureKind(500, { status: 1403, message: 'blocked' })).toBe('blocked');
    expect(failureKind(400, { status: 400, message: 'bad email' })).toBe('message');
    expect(failureKind(500, { status: 500, message: '' })).toBe('errorPage');
    expect(failureKind(502, undefined)).toBe('errorPage');
  });

  it('treats a 2xx answer whose envelope is not 200 as a failure', () => {
    expect(() => readEnvelope(200, { status: 409, message: 'conflict', data: null })).toThrow(ApiError);
  });
});

describe('createSerialQueue', () => {
  it('starts each task only after the previous one settled, in order, even after a failure', async () => {
    const enqueue = createSerialQueue();
    const events: string[] = [];
    let releaseFirst: () => void = () => {};
    const first = enqueue(
      () =>
        new Promise<string>((resolve) => {
          events.push('first:start');
          releaseFirst = () => resolve('first');
        }),
    );
    const second = enqueue(async () => {
      events.push('second:start');
      throw new Error('boom');
    });
    const third = enqueue(async () => {
      events.push('third:start');
      return 'third';
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(events).toEqual(['first:start']);
    releaseFirst();
    await expect(first).resolves.toBe('first');
    await expect(second).rejects.toThrow('boom');
    await expect(third).resolves.toBe('third');
    expect(events).toEqual(['first:start', 'second:start', 'third:start']);
  });

  it('refuses work beyond its bound instead of growing forever', async () => {
    const enqueue = createSerialQueue(1);
    const never = enqueue(() => new Promise(() => {}));
    await expect(enqueue(async () => 1)).rejects.toThrow('queue full');
    void never;
  });
});

describe('createHttpClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends one request at a time through fetch, with headers and a JSON body', async () => {
    const calls: string[] = [];
    let release: () => void = () => {};
    const { client, fetch } = setup(async (url) => {
      calls.push(url);
      if (url === '/api/first') {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
      return respond(200, envelope(200, url));
    });
    const first = client.post('/api/first', { username: 'a@b.com' });
    const second = client.get('/api/second');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['/api/first']);
    release();
    await expect(first).resolves.toBe('/api/first');
    await expect(second).resolves.toBe('/api/second');
    const init = fetch.mock.calls[0]![1];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"username":"a@b.com"}');
    expect(init.credentials).toBe('omit');
    expect((init.headers as Record<string, string>).devices).toBe('BWEBAPP');
  });

  it('serialises a form body when the call says form', async () => {
    const { client, fetch } = setup(async () => respond(200, envelope(200, 'chk-1')));
    await expect(
      client.post('/api/app/main/RESETPWD/checkEmail', { email: 'a@b.com', code: '1234' }, { form: true }),
    ).resolves.toBe('chk-1');
    const init = fetch.mock.calls[0]![1];
    expect(init.body).toBe('email=a%40b.com&code=1234');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/x-www-form-urlencoded',
    );
  });

  it('turns the loading indicator on per request and off on any answer, unless loading is false', async () => {
    const { client, loading } = setup(async () => respond(400, envelope(400, null, 'bad')));
    const failing = client.get('/api/x').catch(() => undefined);
    expect(loading.count).toBe(1);
    await failing;
    expect(loading.count).toBe(0);
    await client.get('/api/y', { loading: false }).catch(() => undefined);
    expect(loading.start).toHaveBeenCalledTimes(1);
  });

  it('alerts a server message after half a second', async () => {
    const { client, effects } = setup(async () => respond(400, envelope(400, null, 'E-mail inválido')));
    await expect(client.get('/api/x')).rejects.toMatchObject({ kind: 'message', message: 'E-mail inválido' });
    expect(effects.alert).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(effects.alert).toHaveBeenCalledWith('E-mail inválido');
  });

  it('logs out on 401 even for a silent call, and stays quiet otherwise when silent', async () => {
    const { client, effects } = setup(async (url) =>
      url === '/api/expired'
        ? respond(401, envelope(40101, null, 'expired'))
        : respond(400, envelope(400, null, 'x')),
    );
    await client.get('/api/expired', { silent: true }).catch(() => undefined);
    expect(effects.logout).toHaveBeenCalledTimes(1);
    await client.get('/api/other', { silent: true }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(1000);
    expect(effects.alert).not.toHaveBeenCalled();
    expect(effects.errorPage).not.toHaveBeenCalled();
  });

  it('maps 9999 to the deposit path, 1403 and message-less errors to the error page', async () => {
    const answers: Record<string, Response> = {
      '/api/bet': respond(500, envelope(9999, null, 'Saldo insuficiente')),
      '/api/blocked': respond(500, envelope(1403, null, 'Conta bloqueada')),
      '/api/broken': respond(502, '<html>bad gateway</html>'),
    };
    const { client, effects } = setup(async (url) => answers[url]!);
    await client.get('/api/bet').catch(() => undefined);
    expect(effects.insufficientFunds).toHaveBeenCalledWith('Saldo insuficiente');
    await client.get('/api/blocked').catch(() => undefined);
    expect(effects.blocked).toHaveBeenCalledWith('Conta bloqueada', null);
    await client.get('/api/broken').catch(() => undefined);
    expect(effects.errorPage).toHaveBeenCalledTimes(1);
  });

  it('aborts after the timeout and reports the slow-connection text', async () => {
    const { client, effects } = setup(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = client.get('/api/slow');
    const outcome = expect(pending).rejects.toMatchObject({ kind: 'timeout', message: 'slow' });
    await vi.advanceTimersByTimeAsync(1000);
    await outcome;
    await vi.advanceTimersByTimeAsync(500);
    expect(effects.alert).toHaveBeenCalledWith('slow');
  });

  it('hands the whole envelope to callers whose answer is the message', async () => {
    const { client } = setup(async () => respond(200, envelope(200, null, 'Senha alterada')));
    await expect(client.requestEnvelope('/api/app/main/setPwd', { method: 'POST' })).resolves.toEqual({
      status: 200,
      message: 'Senha alterada',
      data: null,
    });
  });

  it('sends the Idempotency-Key header only when the caller passes one', async () => {
    const { client, fetch } = setup(async () => respond(200, envelope(200, null)));
    await client.post('/api/pay', { a: 1 }, { idempotencyKey: 'idem-1' });
    await client.post('/api/other');
    const first = fetch.mock.calls[0]![1].headers as Record<string, string>;
    const second = fetch.mock.calls[1]![1].headers as Record<string, string>;
    expect(first['Idempotency-Key']).toBe('idem-1');
    expect(second['Idempotency-Key']).toBeUndefined();
    expect(second['Content-Type']).toBeUndefined();
  });
});
