/**
 * A fixed-window counter for callers the route itself identifies (a provider, a PSP, an address), used where the
 * key must be chosen after the call is authenticated, which @fastify/rate-limit's keyGenerator cannot do without
 * reading the body twice (decision 0056). In memory, or shared through Redis when REDIS_URL is set, as
 * @fastify/rate-limit is, so several workers count together.
 */
export interface WindowLimiter {
  /** Counts one call under `key`; says whether it fits `max` per `windowMs`, and when to retry if not. */
  hit(key: string, max: number, windowMs: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  close(): Promise<void>;
}

const secondsUntil = (windowStart: number, windowMs: number, now: number) =>
  Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));

export function memoryLimiter(now: () => number = Date.now): WindowLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async hit(key, max, windowMs) {
      const at = now();
      const start = at - (at % windowMs);
      let window = windows.get(key);
      if (!window || window.start !== start) {
        // Stale windows are dropped now and then, so addresses that called once do not pile up.
        if (windows.size > 10_000) {
          for (const [k, w] of windows) if (w.start + windowMs <= at) windows.delete(k);
        }
        window = { start, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return { allowed: window.count <= max, retryAfterSeconds: secondsUntil(start, windowMs, at) };
    },
    async close() {
      windows.clear();
    },
  };
}

/** One INCR per call on a key named after the window; the key expires with its window. */
export async function redisLimiter(url: string, nameSpace: string): Promise<WindowLimiter> {
  const redis = new (await import('ioredis')).Redis(url, { maxRetriesPerRequest: 3 });
  return {
    async hit(key, max, windowMs) {
      const at = Date.now();
      const start = at - (at % windowMs);
      const name = `${nameSpace}${key}:${start}`;
      const [[, count]] = (await redis
        .multi()
        .incr(name)
        .pexpire(name, windowMs * 2)
        .exec()) as [[Error | null, number]];
      return { allowed: count <= max, retryAfterSeconds: secondsUntil(start, windowMs, at) };
    },
    async close() {
      redis.disconnect();
    },
  };
}

export function openWindowLimiter(redisUrl: string | undefined, nameSpace: string): Promise<WindowLimiter> {
  return redisUrl ? redisLimiter(redisUrl, nameSpace) : Promise.resolve(memoryLimiter());
}
