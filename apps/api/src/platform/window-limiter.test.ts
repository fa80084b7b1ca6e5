import { describe, expect, it } from 'vitest';
import { memoryLimiter } from './window-limiter.ts';

describe('memoryLimiter', () => {
  it('allows max calls per window and key, then says when the next window starts', async () => {
    let now = 10_000;
    const limiter = memoryLimiter(() => now);
    const hits = [];
    for (let i = 0; i < 4; i += 1) hits.push(await limiter.hit('a', 3, 60_000));
    expect(hits.map((hit) => hit.allowed)).toEqual([true, true, true, false]);
    expect(hits[3]?.retryAfterSeconds).toBe(50);
    // Another key has its own count.
    expect((await limiter.hit('b', 3, 60_000)).allowed).toBe(true);
    now = 60_000;
    expect((await limiter.hit('a', 3, 60_000)).allowed).toBe(true);
  });
});
