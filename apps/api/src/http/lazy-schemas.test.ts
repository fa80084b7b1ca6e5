import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazySchemas } from './lazy-schemas.ts';

function appWith(schemas = lazySchemas()) {
  const app = Fastify({ schemaController: { compilersFactory: schemas.compilersFactory } });
  app.post(
    '/echo',
    {
      schema: {
        body: {
          type: 'object',
          required: ['amount'],
          properties: { amount: { type: 'integer', minimum: 1 } },
        },
        response: { 200: { type: 'object', properties: { amount: { type: 'integer' } } } },
      },
    },
    async (request) => ({ ...(request.body as object), secret: 'not in the schema' }),
  );
  return app;
}

describe('lazy schema compilers', () => {
  it('validate and serialise as Fastify’s own, compiled at the first request', async () => {
    const app = appWith();
    const bad = await app.inject({ method: 'POST', url: '/echo', payload: { amount: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('body/amount must be >= 1');
    const good = await app.inject({ method: 'POST', url: '/echo', payload: { amount: 5 } });
    expect(good.statusCode).toBe(200);
    // The answer's schema drops what it does not name.
    expect(good.json()).toEqual({ amount: 5 });
    await app.close();
  });

  it('compileRemaining compiles what no request needed, and reports a schema that does not compile', async () => {
    const schemas = lazySchemas();
    const app = Fastify({ schemaController: { compilersFactory: schemas.compilersFactory } });
    app.get(
      '/broken',
      { schema: { querystring: { type: 'object', properties: { n: { type: 'nope' } } } } },
      async () => 'x',
    );
    // Fastify would refuse this route before the first page; here readiness is not held up by it…
    await app.ready();
    // …and the background pass finds it.
    await expect(schemas.compileRemaining()).rejects.toThrow(/schema/i);
    await app.close();
  });
});
