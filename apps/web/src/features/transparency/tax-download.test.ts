// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../lib/token';
import { fakeApi } from '../../test-support';
import { downloadTaxStatement } from './api';

describe('downloadTaxStatement (decision 0057)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("fetches the year's CSV with the session token and saves it under the statement's name", async () => {
    storeToken('tok-123');
    const seen: { url?: URL; auth?: string } = {};
    fakeApi((url, init) => {
      seen.url = url;
      seen.auth = new Headers(init?.headers).get('authorization') ?? undefined;
      return new Response('campo;valor\r\n', { status: 200, headers: { 'content-type': 'text/csv' } });
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await downloadTaxStatement(2026);
    expect(seen.url?.pathname).toBe('/api/app/tax/statement/download');
    expect(seen.url?.searchParams.get('year')).toBe('2026');
    expect(seen.auth).toBe('tok-123');
    expect(saved).toEqual(['informe-apostas-2026.csv']);
  });

  it('fails on a refusal, so the page can say so', async () => {
    fakeApi(() => new Response('', { status: 401 }));
    await expect(downloadTaxStatement(2026)).rejects.toThrow('401');
  });
});
