import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { translateFor } from './error-handler.ts';

/**
 * How the browser may keep each file of the built web app. Vite names everything under assets/ by its content
 * hash, so such a file never changes: a year, immutable. Slot art is kept a day. Everything else (index.html,
 * the manifest, the service worker, icons) keeps its name across deploys and is revalidated on every use, so a
 * deploy takes over at once.
 */
export function cacheControlFor(relativePath: string): string {
  const normalised = relativePath.split(path.sep).join('/');
  if (normalised.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  // Slot art is named by the game (the catalogue stores the path), not by content. It changes about never, and a
  // lobby of tiles revalidated one by one on a slow phone costs a round trip each: a day fresh, then a week of
  // showing the kept copy while it is checked in the background (docs/decisions/0034).
  if (normalised.startsWith('slots/')) return 'public, max-age=86400, stale-while-revalidate=604800';
  return 'no-cache';
}

/**
 * Dynamic answers (the API's JSON, the docs page) are compressed on the fly, br or gzip as the client accepts;
 * bodies under 1 KB are not worth it. Brotli at quality 4 costs about what gzip does and still packs tighter.
 * Registered before the routes so that every route gets the hook.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/** A path naming a file rather than a page of the app (which are all extensionless: /home, /dice, /y{code}). */
const fileExtension = /\.(txt|xml|js|mjs|css|map|json|webmanifest|png|jpe?g|gif|webp|svg|ico|woff2?)$/i;

/**
 * Serves the built web app (apps/web/dist): its files, with the .br/.gz twins the build writes beside each one
 * (compressed once at build time, at the highest level, instead of on every request), and index.html for any
 * other GET outside /api (client-side routes). Unknown /api paths are 404s in the envelope.
 */
export async function serveWebApp(
  app: FastifyInstance,
  webDistDir: string,
  options: { homeLists?: () => Promise<HomeLists> } = {},
): Promise<void> {
  const webBuilt = fs.existsSync(path.join(webDistDir, 'index.html'));
  // The build's home.html is index.html with a static picture of the home page in it, painted before the scripts
  // arrive (apps/web/build/boot-shell.ts); only the home routes get it. Where the build marked the tiles' place,
  // the server fills it with the lobby's first games as plain links, and hands the app the lists it would fetch.
  const homeShell = fs.existsSync(path.join(webDistDir, 'home.html'));
  const homeTemplate = homeShell ? fs.readFileSync(path.join(webDistDir, 'home.html'), 'utf8') : '';
  const fillHome = homeTemplate.includes(TILES_START) && options.homeLists !== undefined;
  // The filled page changes only when the catalogue does: compressed once per version, at the highest levels
  // (like the build's twins of every other file), not on every request.
  let last: { plain: string; br: Buffer; gzip: Buffer } | undefined;
  const compressed = (plain: string) => {
    if (last?.plain !== plain) {
      last = {
        plain,
        br: zlib.brotliCompressSync(plain, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
          },
        }),
        gzip: zlib.gzipSync(plain, { level: 9 }),
      };
    }
    return last;
  };
  const icons = new Map<string, string | undefined>();
  const iconSvg = (icon: string): string | undefined => {
    if (!icons.has(icon)) icons.set(icon, readGameIcon(webDistDir, icon));
    return icons.get(icon);
  };
  if (webBuilt) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(path.relative(webDistDir, filePath)));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A hashed file this build does not have (an old tab asking for the previous deploy's chunk) is a 404, never
    // index.html: HTML sent as a script fails confusingly and a service worker would keep it. So is any other
    // missing file (robots.txt, sitemap.xml, an icon): a crawler reading the app's HTML as robots.txt finds
    // dozens of syntax errors, and a client-side route never ends in a file extension.
    const pathname = request.url.split('?')[0] ?? '';
    const missingFile = request.url.startsWith('/assets/') || fileExtension.test(pathname);
    if (request.url.startsWith('/api/') || missingFile || !webBuilt || request.method !== 'GET') {
      return reply
        .code(404)
        .send({ status: 404, message: translateFor(request, 'error.not_found'), data: null });
    }
    const home = homeShell && (pathname === '/' || pathname === '/home');
    if (home && fillHome && options.homeLists) {
      return options.homeLists().then(
        (lists) => {
          const page = compressed(fillHomePage(homeTemplate, lists, iconSvg));
          const accepted = String(request.headers['accept-encoding'] ?? '');
          const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
          reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-cache')
            .header('vary', 'Accept-Encoding');
          if (!encoding) return reply.send(page.plain);
          return reply.header('content-encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
        },
        // Without the lists the static picture's empty tiles stay, and the app fetches the lists itself.
        (error: unknown) => {
          request.log.warn({ err: error }, 'home: the game lists for the first paint failed');
          return reply.type('text/html; charset=utf-8').sendFile('home.html');
        },
      );
    }
    return reply.type('text/html; charset=utf-8').sendFile(home ? 'home.html' : 'index.html');
  });
}

/** What the home page's first paint needs of GET /api/app/main/main's answer (the in-house games, in order). */
export interface HomeLists {
  SELF: {
    records: {
      value: string;
      productCode: string;
      gameType: string;
      name: string;
      icon: string;
      stop: boolean;
    }[];
  };
}

/** Where home.html's tiles are (apps/web/build/boot-shell.ts writes the markers around its empty tiles). */
export const TILES_START = '<!--home-tiles-->';
export const TILES_END = '<!--/home-tiles-->';
/** The id of the script element that carries the lists to the app (apps/web/src/app/shell/first-home.ts). */
export const HOME_LISTS_ID = 'home-lists';
/** As many tiles as the picture has frames: two rows of three, the ones a phone shows without scrolling. */
const FIRST_TILES = 6;
// A gameType names its route (/dice, /mines); the same rule as the app's game list.
const routeName = /^[A-Za-z][A-Za-z0-9]{0,31}$/;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * An in-house game's art (public/games/<type>.svg, the same drawing as the app's GameArt) to inline in a tile: a
 * request per tile would cost a round trip each on a slow link. Only our own files under games/; the root element
 * loses its size and label (the tile's name says it) and keeps its viewBox.
 */
function readGameIcon(webDistDir: string, icon: string): string | undefined {
  if (!/^\/games\/[A-Za-z0-9_-]+\.svg$/.test(icon)) return undefined;
  const file = path.join(webDistDir, icon);
  if (!fs.existsSync(file)) return undefined;
  const svg = fs.readFileSync(file, 'utf8').trim();
  const open = /^<svg\b[^>]*>/.exec(svg);
  if (!open || !svg.endsWith('</svg>')) return undefined;
  const viewBox = /\sviewBox="([^"]*)"/.exec(open[0])?.[1] ?? '0 0 64 64';
  return `<svg viewBox="${escapeHtml(viewBox)}" aria-hidden="true" focusable="false">${svg.slice(open[0].length)}`;
}

/** The art the app draws for a game it has no picture of (GameArt's neutral card). */
const neutralArt =
  '<svg viewBox="0 0 64 64" aria-hidden="true" focusable="false"><rect width="64" height="64" rx="12" fill="#13203a"/>' +
  '<circle cx="32" cy="32" r="14" fill="#6c8cff"/></svg>';

/**
 * home.html with the lobby's first in-house games as real links in the picture's tile frames, so a tap works
 * before any script has arrived: it opens the game's page (`/<gameType>?value=…`, the query the app's own tiles
 * navigate with, spec.md section 2), which then loads like any page. A stopped game is a tile that does not open.
 * The lists also travel to the app in a JSON script element, so it draws the same tiles without asking again.
 */
export function fillHomePage(
  template: string,
  lists: HomeLists,
  iconSvg: (icon: string) => string | undefined,
): string {
  const start = template.indexOf(TILES_START);
  const end = template.indexOf(TILES_END);
  if (start < 0 || end < start) return template;
  const games = lists.SELF.records.slice(0, FIRST_TILES);
  if (games.length === 0) return template;
  const tiles = games
    .map((game) => {
      const inner =
        `<span class="boot-art">${iconSvg(game.icon) ?? neutralArt}</span>` +
        `<span class="boot-name">${escapeHtml(game.name)}</span>`;
      if (game.stop || !routeName.test(game.gameType))
        return `<li><span class="boot-tile boot-game">${inner}</span></li>`;
      const query = new URLSearchParams({
        value: game.value,
        productCode: game.productCode,
        gameType: game.gameType,
        name: game.name,
      });
      return `<li><a class="boot-tile boot-game" href="/${game.gameType}?${escapeHtml(query.toString())}">${inner}</a></li>`;
    })
    .join('');
  // JSON inside a script element: "<" written as \u003c, so no "</script>" can end it early.
  const json = JSON.stringify(lists).replace(/</g, '\\u003c');
  return (
    template.slice(0, start) +
    `<ul class="boot-tiles boot-games">${tiles}</ul>` +
    template
      .slice(end + TILES_END.length)
      .replace('</body>', `<script type="application/json" id="${HOME_LISTS_ID}">${json}</script></body>`)
  );
}
