import type { FastifyInstance } from 'fastify';

/** Calls whose answer carries a token or a one-use secret, though the request carries none. */
const SECRET_ANSWERS = new Set([
  '/api/auth/user/restLogin',
  '/api/auth/user/restRegister',
  '/api/admin/auth/login',
  '/api/app/main/RESETPWD/checkEmail',
]);

/**
 * `Cache-Control: no-store` on every /api answer to a caller with a token and on every answer that carries one:
 * neither a shared proxy nor the browser's cache may keep a player's balance, records or token. Answers that set
 * their own policy keep it.
 */
export function installNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control') || !request.url.startsWith('/api/')) return payload;
    const authenticated = request.headers.authorization !== undefined;
    if (authenticated || SECRET_ANSWERS.has(request.routeOptions.url ?? '')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
