import http from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * The dice bench's load generator, run as its own process (bench/games.ts forks it), so the figure measures the
 * server and not a client sharing its event loop. It receives the base URL, the players' tokens and the run's
 * length on its IPC channel, places one bet after another per player (keep-alive: fetch reuses its connections),
 * and answers the count of accepted and failed bets and every latency. With `addresses`, each player connects
 * from its own loopback address (127.0.0.0/8), as players come from their own phones: a cluster's primary gives
 * each client address its own worker.
 */
interface Job {
  base: string;
  tokens: string[];
  seconds: number;
  warmupBets: number;
  addresses?: string[];
}

const bet = JSON.stringify({ amount: '1.00', target: 50, direction: 'under' });

/** One keep-alive connection per player, from its address. */
function placeFrom(base: string, localAddress: string): (token: string) => Promise<boolean> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress });
  const target = new URL('/api/app/game/dice/bet', base);
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

async function place(base: string, token: string): Promise<boolean> {
  const response = await fetch(`${base}/api/app/game/dice/bet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: bet,
  });
  const json = (await response.json()) as { status?: number };
  return response.status === 200 && json.status === 200;
}

process.once('message', async (job: Job) => {
  const placers = job.tokens.map((token, index) => {
    const address = job.addresses?.[index];
    const from = address ? placeFrom(job.base, address) : undefined;
    return () => (from ? from(token) : place(job.base, token));
  });
  await Promise.all(
    placers.map(async (placeOne) => {
      for (let n = 0; n < job.warmupBets; n++) await placeOne();
    }),
  );
  let accepted = 0;
  let failed = 0;
  const latencies: number[] = [];
  const startedAt = performance.now();
  const deadline = startedAt + job.seconds * 1000;
  await Promise.all(
    placers.map(async (placeOne) => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        const ok = await placeOne().catch(() => false);
        latencies.push(performance.now() - sent);
        if (ok) accepted++;
        else failed++;
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  process.send?.({ accepted, failed, seconds, latencies }, () => process.exit(0));
});
