import { ADMIN_API } from '@aposta/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUSES } from '../src/http/error-responses.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from './harness.ts';

interface Operation {
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}
type Paths = Record<string, Record<string, Operation>>;

/**
 * The OpenAPI document tells a client every answer (issue 28): each operation lists the error statuses the error
 * handler can answer, in the envelope, besides its success (http/error-responses.ts). And the back office calls the
 * server through the contract's route list (packages/contract/src/admin-api.ts), typed by the same schemas the
 * server answers with: each listed call must be a route of the server, and each operator route must be listed, so
 * the list can neither invent a call nor miss one. One app for both (it is the slow part).
 */
describe.skipIf(TEST_DATABASE !== 'pglite')('the OpenAPI document: error answers and the contract', () => {
  let test: TestApp;
  let paths: Paths;
  beforeAll(async () => {
    test = await createTestApp();
    paths = (test.app.swagger() as { paths: Paths }).paths;
  });
  afterAll(async () => test.close());

  const operations = () =>
    Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

  it('lists 400, 404, 409, 429 and 500 for every operation, each described', () => {
    expect(operations().length).toBeGreaterThan(150);
    const lacking = operations()
      .filter(({ operation }) =>
        ['400', '404', '409', '429', '500'].some((status) => !operation.responses?.[status]?.description),
      )
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(lacking).toEqual([]);
  });

  it('gives the envelope as the error body where the route answers in the envelope', () => {
    const login = paths['/api/auth/user/restLogin']?.post;
    const schema = login?.responses?.['400']?.content?.['application/json']?.schema as
      | { properties?: Record<string, unknown>; required?: string[] }
      | undefined;
    expect(Object.keys(schema?.properties ?? {}).sort()).toEqual(['data', 'message', 'status']);
    expect(login?.responses?.['400']?.description).toBe(ERROR_STATUSES[400]);
  });

  it('lists 401 behind a guard and 403 for operator calls only', () => {
    const balance = paths['/api/app/user/getBalance']?.get;
    expect(balance?.responses?.['401']).toBeDefined();
    expect(balance?.responses?.['403']).toBeUndefined();
    expect(paths['/api/auth/user/restLogin']?.post?.responses?.['401']).toBeUndefined();
    const operatorCalls = operations().filter(({ path }) => path.startsWith('/api/admin'));
    expect(operatorCalls.length).toBeGreaterThan(20);
    for (const { path, method, operation } of operatorCalls) {
      expect([`${method} ${path}`, Boolean(operation.responses?.['403'])]).toEqual([
        `${method} ${path}`,
        true,
      ]);
    }
  });

  it('still answers a refusal in the envelope, in full', async () => {
    const answer = await test.app.inject({ method: 'POST', url: '/api/auth/user/restLogin', payload: {} });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ status: 400, data: null });
    expect(answer.json().message).toMatch(/\w/);
  });

  const operatorRoutes = () =>
    Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map(
          (method) =>
            `${method.toUpperCase()} ${path.slice('/api/admin'.length).replace(/\{(\w+)\}/g, ':$1')}`,
        ),
      );

  it("every call in the back office's contract is a route of the server", () => {
    // The API Pix adapter is the only provider (decision 0066): its PIX pages are always served.
    const served = operatorRoutes();
    expect(Object.keys(ADMIN_API).filter((route) => !served.includes(route))).toEqual([]);
  });

  it("every operator route of the server is in the back office's contract", () => {
    expect(operatorRoutes().filter((route) => !(route in ADMIN_API))).toEqual([]);
  });
});
