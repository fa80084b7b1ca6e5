import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Drain } from './drain.ts';

/** One readiness check: resolves when the dependency answers, throws (or times out) when it does not. */
export type ReadinessCheck = () => Promise<void>;

/** A check that has not answered within this long has failed: a balancer probes every few seconds. */
const CHECK_TIMEOUT_MS = 2_000;

const CheckResults = Type.Record(Type.String(), Type.Union([Type.Literal('ok'), Type.Literal('failed')]));
const LiveAnswer = Type.Object({
  status: Type.Integer(),
  message: Type.String(),
  data: Type.Object({ live: Type.Boolean() }),
});
const ReadyAnswer = Type.Object({
  status: Type.Integer(),
  message: Type.String(),
  data: Type.Object({ ready: Type.Boolean(), checks: CheckResults }),
});

/**
 * `/health/live`: the process answers (no dependency is asked, so a database outage never gets every node
 * restarted). `/health/ready`: it should be sent traffic: every check passes and it is not draining; otherwise
 * 503 naming the failed checks. Only 'ok' or 'failed' leave the process: the reasons (hosts, errors) are logged.
 * Neither is rate limited: balancers and orchestrators call them every few seconds from one address.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  options: { drain: Drain; checks: Record<string, ReadinessCheck> },
): void {
  const routeOptions = (answer: typeof LiveAnswer | typeof ReadyAnswer) => ({
    schema: { tags: ['ops'], response: { 200: answer, 503: answer } },
    config: { rateLimit: false },
  });
  app.get('/health/live', routeOptions(LiveAnswer), async () => ({
    status: 200,
    message: '',
    data: { live: true },
  }));
  app.get('/health/ready', routeOptions(ReadyAnswer), async (request, reply) => {
    // Keys in a fixed order whatever check answers first; each is 'failed' until it passes.
    const checks: Record<string, 'ok' | 'failed'> = Object.fromEntries(
      Object.keys(options.checks).map((name) => [name, 'failed' as const]),
    );
    await Promise.all(
      Object.entries(options.checks).map(async ([name, check]) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          checks[name] = 'ok';
        } catch (error) {
          request.log.warn({ err: error, check: name }, 'readiness check failed');
          checks[name] = 'failed';
        }
      }),
    );
    checks.draining = options.drain.draining ? 'failed' : 'ok';
    const failed = Object.keys(checks).filter((name) => checks[name] === 'failed');
    if (failed.length === 0) return { status: 200, message: '', data: { ready: true, checks } };
    return reply
      .code(503)
      .send({ status: 503, message: `not ready: ${failed.join(', ')}`, data: { ready: false, checks } });
  });
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  // A check that gives up still rejects later (ioredis after its retries): that late answer is nobody's error.
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
