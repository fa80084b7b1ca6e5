import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor } from '../src/http/web-static.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from './harness.ts';

/**
 * How the built web app reaches the browser: compressed (the build's .br/.gz twins, or on the fly for the API),
 * hashed assets cached for a year, everything else revalidated so a deploy shows at once.
 */
describe(`web app serving (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let dist: string;
  const script = `console.log(${JSON.stringify('aposta '.repeat(2000))});`;
  const page = `<!doctype html><html><body><div id="root"></div>${'<!-- shell -->'.repeat(100)}</body></html>`;
  const robots = 'User-agent: *\nAllow: /\nDisallow: /api/\n';
  const homePage = page.replace(
    '<div id="root"></div>',
    '<div id="root"><div class="boot-shell"></div></div>',
  );

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'aposta-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    const write = (name: string, text: string) => {
      writeFileSync(path.join(dist, name), text);
      writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
      writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
    };
    write('index.html', page);
    write('home.html', homePage);
    write('assets/index-Ab12Cd34.js', script);
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(dist, 'robots.txt'), robots);
    test = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await test.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli twin of a hashed script to a browser that accepts br, cached for a year', async () => {
    const response = await test.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a gzip-only client and the plain file to one that accepts nothing', async () => {
    const gz = await test.app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await test.app.inject({ url: '/assets/index-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends the home page with its static first paint at / and /home, and the plain index.html elsewhere', async () => {
    for (const url of ['/', '/home', '/home?isapp=1']) {
      const response = await test.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toBe(homePage);
    }
    for (const url of ['/dice', '/registros', '/homework']) {
      expect((await test.app.inject({ url })).body, url).toBe(page);
    }
  });

  it('revalidates index.html on every visit, at any client-side route, compressed', async () => {
    for (const url of ['/dice', '/game/mines', '/registros']) {
      const response = await test.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(page);
    }
  });

  it('revalidates the service worker, so a deploy takes over', async () => {
    const response = await test.app.inject({ url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('compresses the API answers a browser asks for, and leaves small ones alone', async () => {
    // The home page's game list: over a kilobyte of JSON.
    const big = await test.app.inject({
      url: '/api/app/main/main',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(
      JSON.parse(brotliDecompressSync(big.rawPayload).toString()).data.SELF.records.length,
    ).toBeGreaterThan(0);
    const small = await test.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.ok).toBe(true);
  });

  it('still answers unknown /api paths with a 404 in the envelope', async () => {
    const response = await test.app.inject({ url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 404, message: 'Não encontrado', data: null });
  });

  it('answers 404 for a hashed file this build does not have, never index.html', async () => {
    const response = await test.app.inject({ url: '/assets/index-OldBuild1.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/html/);
  });

  it("sends the build's robots.txt as text, and a missing file (sitemap.xml, an icon) as a 404, never the app's HTML", async () => {
    const found = await test.app.inject({ url: '/robots.txt' });
    expect(found.statusCode).toBe(200);
    expect(found.headers['content-type']).toMatch(/^text\/plain/);
    expect(found.body).toBe(robots);
    for (const url of ['/sitemap.xml', '/favicon.ico', '/icons/none.png', '/ads.txt?x=1']) {
      const missing = await test.app.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type'], url).not.toMatch(/html/);
    }
  });

  it('caches only the content-hashed files for good', () => {
    expect(cacheControlFor('assets/HomePage-CH4XlEH_.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('index.html')).toBe('no-cache');
    expect(cacheControlFor('manifest.webmanifest')).toBe('no-cache');
    expect(cacheControlFor('icons/icon-192.png')).toBe('no-cache');
  });

  it('keeps slot art a day and shows the kept copy while it is checked (a lobby of tiles on a slow phone)', () => {
    expect(cacheControlFor('slots/pg-boi-dourado.svg')).toBe(
      'public, max-age=86400, stale-while-revalidate=604800',
    );
  });
});
