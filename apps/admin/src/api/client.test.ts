import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The client reads the token from the tab's sessionStorage; Node has none, so a Map stands in for it.
const storage = new Map<string, string>();
const fakeSessionStorage = {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => storage.set(key, value),
  removeItem: (key: string) => storage.delete(key),
};

const { AdminApiError, call, setApiLanguage, whenSignedOut } = await import('./client.ts');
const { readToken, saveToken } = await import('./token.ts');

type Seen = { url: string; init: RequestInit };
function answer(status: number, body: unknown, seen: Seen[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

describe('back-office API client', () => {
  beforeEach(() => {
    storage.clear();
    vi.stubGlobal('sessionStorage', fakeSessionStorage);
    setApiLanguage('pt_BR');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token, the language and the body to /api/admin only, and unwraps the envelope', async () => {
    const seen: Seen[] = [];
    answer(200, { status: 200, message: '', data: { balance: 12.5 } }, seen);
    saveToken('tok-1');
    setApiLanguage('en_US');
    const data = await call<{ balance: number }>('/players/7/adjust', {
      body: { amount: '1.50' },
      idempotencyKey: 'k-1',
      params: { q: '', page: 2, size: undefined },
    });
    expect(data).toEqual({ balance: 12.5 });
    expect(seen[0]!.url).toBe('/api/admin/players/7/adjust?page=2');
    expect(seen[0]!.init.method).toBe('POST');
    expect(seen[0]!.init.headers).toMatchObject({
      authorization: 'Bearer tok-1',
      lang: 'en_US',
      'idempotency-key': 'k-1',
    });
    expect(seen[0]!.init.body).toBe('{"amount":"1.50"}');
  });

  it("throws the server's message and keeps the token on a refusal", async () => {
    answer(400, { status: 400, message: 'O motivo deve ter de 3 a 200 caracteres', data: null }, []);
    saveToken('tok-2');
    const refusal = call('/withdrawals/1/reject', { body: { reason: 'x' } });
    await expect(refusal).rejects.toBeInstanceOf(AdminApiError);
    await expect(refusal).rejects.toThrow('O motivo deve ter de 3 a 200 caracteres');
    expect(readToken()).toBe('tok-2');
  });

  it('forgets a token the server no longer accepts and signs the operator out', async () => {
    answer(401, { status: 40101, message: 'Sessão expirada', data: null }, []);
    saveToken('tok-3');
    const signedOut = vi.fn();
    whenSignedOut(signedOut);
    await expect(call('/me')).rejects.toMatchObject({ httpStatus: 401, status: 40101 });
    expect(readToken()).toBeNull();
    expect(signedOut).toHaveBeenCalledOnce();
  });

  it('a refused sign-in is not a sign-out', async () => {
    answer(400, { status: 400, message: 'Usuário ou senha do operador incorretos', data: null }, []);
    const signedOut = vi.fn();
    whenSignedOut(signedOut);
    await expect(call('/auth/login', { body: { username: 'a', password: 'b' } })).rejects.toThrow(
      'Usuário ou senha do operador incorretos',
    );
    expect(signedOut).not.toHaveBeenCalled();
  });
});
