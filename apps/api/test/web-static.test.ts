import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor, fillHomePage } from '../src/http/web-static.ts';
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

/**
 * The home page's first tiles (decision 0011, issue 27): the server writes the lobby's first in-house games into
 * home.html as plain links, tappable before any script, and hands the app the same lists so it does not ask again.
 */
describe(`home page with the first games as links (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let dist: string;
  const frames = `<!--home-tiles--><div class="boot-tiles" aria-hidden="true">${'<span class="boot-tile"></span>'.repeat(6)}</div><!--/home-tiles-->`;
  const template = `<!doctype html><html><body><div id="root"><div class="boot-shell">${frames}</div></div></body></html>`;
  const minesArt =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="256" height="256" role="img" aria-label="Mines"><rect width="64" height="64" fill="#13203a"/></svg>';

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'aposta-dist-home-'));
    mkdirSync(path.join(dist, 'games'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'home.html'), template);
    writeFileSync(path.join(dist, 'games', 'mines.svg'), minesArt);
    test = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await test.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves /home with the first games as links to their pages, their art inline, compressed', async () => {
    const lists = (await test.app.inject({ url: '/api/app/main/main' })).json().data;
    const first = lists.SELF.records[0];
    expect(first.gameType).toBe('mines');
    for (const url of ['/', '/home']) {
      const response = await test.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      const html = brotliDecompressSync(response.rawPayload).toString();
      // The empty frames are gone; a tile per game (at most six), each a link with the app's own query.
      expect(html).not.toContain('<span class="boot-tile"></span>');
      const links = [...html.matchAll(/<a class="boot-tile boot-game" href="([^"]+)">/g)].map((m) => m[1]);
      expect(links.length).toBe(
        Math.min(6, lists.SELF.records.filter((g: { stop: boolean }) => !g.stop).length),
      );
      expect(links[0]).toBe('/mines?value=mines&#38;productCode=SELF&#38;gameType=mines&#38;name=Mines');
      // The art of public/games inline, decorative (the tile's name says what it is).
      expect(html).toContain(
        '<span class="boot-art"><svg viewBox="0 0 64 64" aria-hidden="true" focusable="false"><rect width="64" height="64" fill="#13203a"/></svg></span><span class="boot-name">Mines</span>',
      );
      // The same lists the API answers, for the app.
      const json = /<script type="application\/json" id="home-lists">([^<]*)<\/script><\/body>/.exec(
        html,
      )?.[1];
      expect(JSON.parse(json ?? 'null')).toEqual(lists);
    }
    const plain = await test.app.inject({ url: '/home' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('class="boot-tile boot-game"');
  });

  it('escapes names, draws the neutral art where it has none, leaves a stopped game unopenable and keeps the frames without games', () => {
    const game = { value: 'x', productCode: 'SELF', stop: false, icon: '/games/none.svg' };
    const html = fillHomePage(
      template,
      {
        SELF: {
          records: [
            { ...game, gameType: 'dice', name: 'Dice <b>"1"</b></script>' },
            { ...game, gameType: 'limbo', name: 'Limbo', stop: true },
            { ...game, gameType: 'bad/type', name: 'Bad', icon: 'https://elsewhere.example/x.svg' },
          ],
        },
      },
      (icon) => (icon === '/games/none.svg' ? '<svg>dice</svg>' : undefined),
    );
    expect(html).toContain(
      '<span class="boot-name">Dice &#60;b&#62;&#34;1&#34;&#60;/b&#62;&#60;/script&#62;</span>',
    );
    expect(html).toContain('<li><span class="boot-tile boot-game"><span class="boot-art"><svg>dice</svg>');
    expect(html.match(/<a /g)?.length).toBe(1);
    expect(html).toContain('fill="#6c8cff"/></svg></span><span class="boot-name">Bad</span>');
    // The JSON cannot end its script element early.
    const json =
      /<script type="application\/json" id="home-lists">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(json).not.toContain('</');
    expect(JSON.parse(json).SELF.records[0].name).toBe('Dice <b>"1"</b></script>');
    expect(fillHomePage(template, { SELF: { records: [] } }, () => undefined)).toBe(template);
  });
});
