import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { emulatorRoutes } from './emulator.routes.ts';
import type { PspEmulator } from './emulator.ts';

/**
 * The emulator on its own HTTPS server with mutual TLS, as a PSP runs its API: a client without a certificate
 * signed by `ca` is refused during the handshake. Tests make the certificates.
 */
export async function startEmulatorServer(
  emulator: PspEmulator,
  tls: { key: string; cert: string; ca: string },
): Promise<{ url: string; close(): Promise<void> }> {
  const server = Fastify({
    https: { key: tls.key, cert: tls.cert, ca: tls.ca, requestCert: true, rejectUnauthorized: true },
    logger: false,
  });
  await server.register(formbody);
  emulatorRoutes(server, emulator, '', true);
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('emulator: no address');
  const url = `https://localhost:${address.port}`;
  emulator.options.checkoutBase = url;
  return { url, close: () => server.close() };
}
