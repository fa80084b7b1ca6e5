import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The back office's build (apps/admin/dist); `npm run build` makes it. */
export const ADMIN_DIST_DIR = path.resolve(import.meta.dirname, '../../../admin/dist');

/**
 * A tighter policy than the player app's: antd writes its styles at run time (style-src 'unsafe-inline'),
 * the TOTP QR is a data: image, the app only talks to its own origin (the API and the support inbox's socket), and no page may frame it.
 */
const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the operator back office at /admin: its files, and its index.html for any other /admin path (client
 * routing). Registered after the web app so that /admin never falls through to the player app.
 */
export async function adminStatic(app: FastifyInstance, distDir = ADMIN_DIST_DIR): Promise<void> {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return;
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('content-security-policy', ADMIN_CSP);
      reply.header('x-frame-options', 'DENY');
      reply.header('referrer-policy', 'no-referrer');
      reply.header('x-robots-tag', 'noindex, nofollow');
    });
    await scope.register(fastifyStatic, {
      root: distDir,
      prefix: '/admin/',
      decorateReply: false,
      wildcard: false,
      index: false,
      // Hashed assets never change; index.html must be revalidated so a new build is picked up.
      setHeaders: (reply, file) =>
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });
    const html = fs.readFileSync(index);
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      // A chunk of an older build is gone: a 404, not the page, so the browser does not run HTML as a script.
      if (request.url.startsWith('/admin/assets/'))
        return reply.code(404).type('text/plain').send('Not found');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    };
    scope.get('/admin', sendIndex);
    scope.get('/admin/', sendIndex);
    scope.get('/admin/*', sendIndex);
  });
}
