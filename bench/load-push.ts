import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';

/**
 * The push bench's load generators (bench/push.ts forks two), apart from the server so the figure measures it.
 * One holds the watchers' sockets (websocket transport, as the web client prefers); the other connects the
 * bettors, and each places dice bets at its pace and times, per bet, the HTTP answer and the `insBalance` push on
 * its own socket, both from the moment the bet was sent. Apart, so the watchers' heartbeats do not delay the
 * bettors' clocks.
 */
interface SocketJob {
  base: string;
  socketPath: string;
  tokens: string[];
}

interface IdleJob extends SocketJob {
  role: 'idle';
}

interface BettorsJob extends SocketJob {
  role: 'bettors';
  seconds: number;
  /** Mean pause between one bettor's bets (the answer and the push both in). */
  pauseMs: number;
}

export interface PushLoadAnswer {
  connected: number;
  bets: number;
  failed: number;
  missingPushes: number;
  answerMs: number[];
  pushMs: number[];
}

const bet = JSON.stringify({ amount: '1.00', target: 50, direction: 'under' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function connect(job: SocketJob, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(job.base, {
      path: job.socketPath,
      query: { token },
      transports: ['websocket'],
      reconnection: false,
      timeout: 60_000,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Sockets in batches, so the measured part starts with every one of them connected. */
async function connectAll(job: SocketJob, tokens: string[]): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let from = 0; from < tokens.length; from += 250)
    sockets.push(...(await Promise.all(tokens.slice(from, from + 250).map((token) => connect(job, token)))));
  return sockets;
}

/**
 * Independent players do not bet in step: each pause is exponential around the mean (bets arrive as a Poisson
 * stream), and each player starts at a random moment, or the bettors would stay in phase and every bet would
 * queue behind the whole wave.
 */
const thinkTime = (meanMs: number) => -Math.log(1 - Math.random()) * meanMs;

async function bettor(
  job: BettorsJob,
  token: string,
  socket: Socket,
  deadline: number,
  answer: PushLoadAnswer,
) {
  await sleep(Math.random() * job.pauseMs);
  while (performance.now() < deadline) {
    const sent = performance.now();
    const pushed = new Promise<number | undefined>((resolve) => {
      const timer = setTimeout(() => {
        socket.off('insBalance', onPush);
        resolve(undefined);
      }, 5_000);
      const onPush = () => {
        clearTimeout(timer);
        resolve(performance.now() - sent);
      };
      socket.once('insBalance', onPush);
    });
    const response = await fetch(`${job.base}/api/app/game/dice/bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: bet,
    }).catch(() => undefined);
    const answered = performance.now() - sent;
    const json = response ? ((await response.json()) as { status?: number }) : undefined;
    const pushMs = await pushed;
    answer.bets++;
    if (response?.status !== 200 || json?.status !== 200) answer.failed++;
    else if (pushMs === undefined) answer.missingPushes++;
    else {
      answer.answerMs.push(answered);
      answer.pushMs.push(pushMs);
    }
    await sleep(thinkTime(job.pauseMs));
  }
}

/** The watchers' process: connects, says how many, and holds them until told to close. */
async function holdIdleSockets(job: IdleJob): Promise<void> {
  const started = performance.now();
  const sockets = await connectAll(job, job.tokens);
  process.send?.({ connected: sockets.length, connectMs: performance.now() - started });
  process.once('message', () => {
    // Sockets still connected at the end: none dropped under the load.
    const stillConnected = sockets.filter((socket) => socket.connected).length;
    for (const socket of sockets) socket.disconnect();
    process.send?.({ stillConnected }, () => process.exit(0));
  });
}

async function placeBets(job: BettorsJob): Promise<void> {
  const answer: PushLoadAnswer = {
    connected: 0,
    bets: 0,
    failed: 0,
    missingPushes: 0,
    answerMs: [],
    pushMs: [],
  };
  const bettors = await connectAll(job, job.tokens);
  // Warm-up (not counted): each player's first bets create their seed pair and daily rows, and warm the JIT.
  const warmup: PushLoadAnswer = { ...answer, answerMs: [], pushMs: [] };
  const warmupEnds = performance.now() + 3_000;
  await Promise.all(
    job.tokens.map((token, index) => bettor(job, token, bettors[index]!, warmupEnds, warmup)),
  );
  const deadline = performance.now() + job.seconds * 1000;
  await Promise.all(job.tokens.map((token, index) => bettor(job, token, bettors[index]!, deadline, answer)));
  answer.connected = bettors.filter((socket) => socket.connected).length;
  for (const socket of bettors) socket.disconnect();
  process.send?.(answer, () => process.exit(0));
}

process.once(
  'message',
  (job: IdleJob | BettorsJob) => void (job.role === 'idle' ? holdIdleSockets(job) : placeBets(job)),
);
