import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { measuredWindow } from './load-window.ts';

/**
 * The dice bench's load generator, run as its own process (bench/games.ts forks it), so the figure measures the
 * server and not a client sharing its event loop. It receives the base URL, the players' tokens and the run's
 * length on its IPC channel, places one bet after another per player, each player on its own keep-alive
 * connection (node:http, lighter on the shared CPU than fetch), says when the measured window starts (after the
 * warm-up), and answers the count of accepted and failed bets, every latency and its own CPU time in the window.
 * With `addresses`, each player connects from its own loopback address (127.0.0.0/8), as players come from their
 * own phones: a cluster's primary gives each client address its own worker. `path` lets the floor bench
 * (bench/floor.ts) aim the same load at its minimal route.
 */
interface Job {
  base: string;
  tokens: string[];
  seconds: number;
  warmupBets: number;
  addresses?: string[];
  path?: string;
}

const bet = JSON.stringify({ amount: '1.00', target: 50, direction: 'under' });

/** One keep-alive connection per player, from its address when given. */
function placeFrom(target: URL, localAddress: string | undefined): (token: string) => Promise<boolean> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, ...(localAddress ? { localAddress } : {}) });
  return (token) =>
    new Promise((resolve, reject) => {
      const request = http.request(
        target,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', authorization: token } },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          response.on('end', () => resolve(response.statusCode === 200 && JSON.parse(text).status === 200));
        },
      );
      request.on('error', reject);
      request.end(bet);
    });
}

process.once('message', async (job: Job) => {
  const target = new URL(job.path ?? '/api/app/game/dice/bet', job.base);
  const placers = job.tokens.map((token, index) => {
    const place = placeFrom(target, job.addresses?.[index]);
    return () => place(token);
  });
  await Promise.all(
    placers.map(async (placeOne) => {
      for (let n = 0; n < job.warmupBets; n++) await placeOne();
    }),
  );
  let accepted = 0;
  let failed = 0;
  const latencies: number[] = [];
  const { seconds, cpuMs } = await measuredWindow(job.seconds, (deadline) =>
    Promise.all(
      placers.map(async (placeOne) => {
        while (performance.now() < deadline) {
          const sent = performance.now();
          const ok = await placeOne().catch(() => false);
          latencies.push(performance.now() - sent);
          if (ok) accepted++;
          else failed++;
        }
      }),
    ),
  );
  process.send?.({ accepted, failed, seconds, latencies, cpuMs }, () => process.exit(0));
});
