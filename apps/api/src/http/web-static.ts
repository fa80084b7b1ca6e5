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
export async function serveWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const webBuilt = fs.existsSync(path.join(webDistDir, 'index.html'));
  // The build's home.html is index.html with a static picture of the home page in it, painted before the scripts
  // arrive (apps/web/build/boot-shell.ts); only the home routes get it.
  const homeShell = fs.existsSync(path.join(webDistDir, 'home.html'));
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
    const page = homeShell && (pathname === '/' || pathname === '/home') ? 'home.html' : 'index.html';
    return reply.type('text/html; charset=utf-8').sendFile(page);
  });
}
