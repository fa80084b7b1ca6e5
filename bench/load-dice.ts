import { performance } from 'node:perf_hooks';

/**
 * The dice bench's load generator, run as its own process (bench/games.ts forks it), so the figure measures the
 * server and not a client sharing its event loop. It receives the base URL, the players' tokens and the run's
 * length on its IPC channel, places one bet after another per player (keep-alive: fetch reuses its connections),
 * and answers the count of accepted and failed bets and every latency.
 */
interface Job {
  base: string;
  tokens: string[];
  seconds: number;
  warmupBets: number;
}

const bet = JSON.stringify({ amount: '1.00', target: 50, direction: 'under' });

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
  await Promise.all(
    job.tokens.map(async (token) => {
      for (let n = 0; n < job.warmupBets; n++) await place(job.base, token);
    }),
  );
  let accepted = 0;
  let failed = 0;
  const latencies: number[] = [];
  const startedAt = performance.now();
  const deadline = startedAt + job.seconds * 1000;
  await Promise.all(
    job.tokens.map(async (token) => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        const ok = await place(job.base, token).catch(() => false);
        latencies.push(performance.now() - sent);
        if (ok) accepted++;
        else failed++;
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  process.send?.({ accepted, failed, seconds, latencies }, () => process.exit(0));
});
