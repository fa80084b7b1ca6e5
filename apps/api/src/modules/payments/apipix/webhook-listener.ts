import https from 'node:https';
import type { FastifyInstance } from 'fastify';

/** Where the PSP's deliveries go: the webhook routes, and nothing else of the application. */
const WEBHOOK_PATH = /^\/api\/pay\/webhook\/[a-z0-9_-]{1,32}(\/pix)?(\?.*)?$/;

/**
 * The API Pix standard's receiving end without a proxy: an HTTPS listener that asks every client for its
 * certificate and completes the handshake only with one issued under the PSP's chain (`ca`), TLS 1.2 at least.
 * Requests are handed to the application's own router, so the webhook route sees the TLS socket (and checks the
 * certificate again); any other path is a 404 here.
 */
export async function startWebhookListener(
  // biome-ignore lint/suspicious/noExplicitAny: the application's router, whatever its type provider
  app: FastifyInstance<any, any, any, any, any>,
  options: { port: number; host: string; cert: string; key: string; ca: string },
): Promise<{ port: number; close(): Promise<void> }> {
  const server = https.createServer(
    {
      cert: options.cert,
      key: options.key,
      ca: options.ca,
      requestCert: true,
      rejectUnauthorized: true,
      minVersion: 'TLSv1.2',
    },
    (request, response) => {
      if (request.method !== 'POST' || !WEBHOOK_PATH.test(request.url ?? '')) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"status":404}');
        return;
      }
      app.routing(request, response);
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
