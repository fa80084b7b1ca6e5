import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { SlotsConfig } from '../apps/api/src/config/slots.config.ts';
import type { HttpCall } from '../apps/api/src/modules/slots/provider-http.ts';
import { BgStudioClient } from '../apps/api/src/modules/studio/studio.clients.ts';
import { measuredWindow } from './load-window.ts';

/**
 * The slots bench's load generator, in its own process (bench/slots.ts forks it), so the figure measures the
 * server: the built-in studio's BGaming client, signing as the studio does, sends each player's bet `play` and
 * then its win `play` (the round finished), one pair after another, each player on its own keep-alive connection.
 * Says when the measured window starts (after warm-up) and answers the pairs accepted, the failures and its own CPU.
 */
interface Job {
  base: string;
  bg: SlotsConfig['bg'];
  game: string;
  players: { sessionId: string; userId: string }[];
  seconds: number;
  warmupPairs: number;
}

/** The studio client's HTTP, to the server under test, on one keep-alive connection. */
function connection(base: string): HttpCall {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return (url, init) =>
    new Promise((resolve, reject) => {
      const request = http.request(
        new URL(url, base),
        { method: init.method, agent, headers: init.headers },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.end(init.body);
    });
}

process.once('message', async (job: Job) => {
  const counts = { accepted: 0, failed: 0 };
  const players = job.players.map((player) => ({
    ...player,
    bg: new BgStudioClient(connection(job.base), job.bg, ''),
  }));
  const pair = async (player: (typeof players)[number], n: number) => {
    const round = {
      sessionId: player.sessionId,
      userId: player.userId,
      game: job.game,
      gameId: randomUUID(),
    };
    const amount = 100 + (n % 50);
    const bet = await player.bg.call('play', {
      ...round,
      finished: false,
      actions: [{ action: 'bet', action_id: randomUUID(), amount }],
    });
    const win = await player.bg.call('play', {
      ...round,
      finished: true,
      actions: [{ action: 'win', action_id: randomUUID(), amount: n % 3 === 0 ? amount * 2 : 0 }],
    });
    if (bet.ok && win.ok) counts.accepted++;
    else counts.failed++;
  };
  await Promise.all(
    players.map(async (player) => {
      for (let n = 0; n < job.warmupPairs; n++) await pair(player, n);
    }),
  );
  counts.accepted = 0;
  counts.failed = 0;
  const window = await measuredWindow(job.seconds, (deadline) =>
    Promise.all(
      players.map(async (player) => {
        for (let n = 0; performance.now() < deadline; n++) await pair(player, n).catch(() => counts.failed++);
      }),
    ),
  );
  process.send?.({ ...counts, ...window }, () => process.exit(0));
});
