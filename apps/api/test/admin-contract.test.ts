import { ADMIN_API } from '@aposta/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DATABASE, type TestApp } from './harness.ts';

/**
 * The back office calls the server through the contract's route list (packages/contract/src/admin-api.ts), typed by
 * the same schemas the server answers with. Each listed call must be a route of the server, and each operator route
 * of the server must be listed, so the list can neither invent a call nor miss one.
 */
describe.skipIf(TEST_DATABASE !== 'pglite')("the back office's contract matches the server's routes", () => {
  let test: TestApp;
  let served: string[];
  beforeAll(async () => {
    test = await createTestApp();
    const paths = (test.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    served = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map(
          (method) =>
            `${method.toUpperCase()} ${path.slice('/api/admin'.length).replace(/\{(\w+)\}/g, ':$1')}`,
        ),
      );
  });
  afterAll(async () => test.close());

  it('every call in the contract is a route of the server', () => {
    // Registered only with PAYMENTS_PROVIDER=apipix (payments/index.ts); test/payments/apipix*.test.ts call them.
    const pspOnly = [
      'GET /pix/refundables',
      'POST /pix/refundables/:eventId/refund',
      'GET /pix/reconciliation',
      'POST /pix/reconciliation',
    ];
    expect(Object.keys(ADMIN_API).filter((route) => !served.includes(route))).toEqual(pspOnly);
  });

  it('every operator route of the server is in the contract', () => {
    expect(served.filter((route) => !(route in ADMIN_API))).toEqual([]);
  });
});
