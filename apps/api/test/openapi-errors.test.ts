import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUSES } from '../src/http/error-responses.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from './harness.ts';

interface Operation {
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}
type Paths = Record<string, Record<string, Operation>>;

/**
 * The OpenAPI document tells a client every answer (issue 28): each operation lists the error statuses the error
 * handler can answer, in the envelope, besides its success (http/error-responses.ts).
 */
describe.skipIf(TEST_DATABASE !== 'pglite')('every route declares its error responses', () => {
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
});
