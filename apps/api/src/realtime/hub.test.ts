import { describe, expect, it } from 'vitest';
import { writeInStretches } from './hub.ts';

describe('writeInStretches (a broadcast to many sockets)', () => {
  it('writes every item once, in order, and lets the loop go after each budget of writing', async () => {
    let now = 0;
    const events: string[] = [];
    const items = Array.from({ length: 23 }, (_, index) => index);
    await writeInStretches(
      items,
      (chunk) => {
        events.push(chunk.join(','));
        now += 1; // each chunk takes 1 ms to write
      },
      { chunk: 5, budgetMs: 2, clock: () => now, pause: async () => void events.push('pause') },
    );
    expect(events).toEqual([
      '0,1,2,3,4',
      '5,6,7,8,9',
      'pause',
      '10,11,12,13,14',
      '15,16,17,18,19',
      'pause',
      '20,21,22',
    ]);
  });

  it('never pauses while writing is quick, and writes nothing for no sockets', async () => {
    const chunks: number[][] = [];
    let pauses = 0;
    const options = { chunk: 2, budgetMs: 2, clock: () => 0, pause: async () => void pauses++ };
    await writeInStretches([1, 2, 3], (chunk) => chunks.push(chunk), options);
    await writeInStretches([], (chunk) => chunks.push(chunk), options);
    expect(chunks).toEqual([[1, 2], [3]]);
    expect(pauses).toBe(0);
  });

  it('lets other work run in the middle of a long broadcast', async () => {
    const ran: string[] = [];
    setImmediate(() => ran.push('other work'));
    const start = performance.now();
    await writeInStretches(
      Array.from({ length: 10 }, (_, index) => index),
      (chunk) => {
        // Each chunk holds the loop for 1 ms of real time.
        while (performance.now() - start < chunk[0]! + 1) Math.sqrt(Math.random());
        ran.push(`chunk ${chunk[0]}`);
      },
      { chunk: 1, budgetMs: 2 },
    );
    expect(ran.indexOf('other work')).toBeGreaterThan(0);
    expect(ran.indexOf('other work')).toBeLessThan(ran.length - 1);
  });
});
