import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { redisLimiter, type WindowLimiter } from '../../src/platform/window-limiter.ts';

const REDIS_URL = process.env.REDIS_URL;
// In CI (REQUIRE_SERVICES=1) a missing Redis is a failure, not a skipped suite.
if (!REDIS_URL && process.env.REQUIRE_SERVICES === '1')
  throw new Error('REQUIRE_SERVICES=1 but REDIS_URL is not set');

/** Two workers' limiters on one Redis count together (decision 0056): a provider's ceiling is the whole server's. */
describe.skipIf(!REDIS_URL)('window limiter on Redis (needs REDIS_URL)', () => {
  const opened: WindowLimiter[] = [];
  afterAll(async () => {
    for (const limiter of opened) await limiter.close();
  });

  it('counts the calls of two workers under one key together', async () => {
    const nameSpace = `test-wl-${randomBytes(4).toString('hex')}-`;
    const a = await redisLimiter(REDIS_URL as string, nameSpace);
    const b = await redisLimiter(REDIS_URL as string, nameSpace);
    opened.push(a, b);
    const hits = [];
    for (let i = 0; i < 12; i += 1) hits.push(await (i % 2 === 0 ? a : b).hit('slots:PG', 4, 60_000));
    // The 12 calls may straddle a minute's edge once: at most 8 pass, at least 4 are refused.
    expect(hits.filter((hit) => !hit.allowed).length).toBeGreaterThanOrEqual(4);
    const refused = hits.find((hit) => !hit.allowed);
    expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });
});
