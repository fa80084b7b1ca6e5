import { io, type Socket } from 'socket.io-client';

/**
 * The crash bench's socket clients (bench/crash.ts forks two, apart from the server so the figure measures it):
 * each connects its players' sockets (websocket transport, as the web client prefers), says so, then for `seconds`
 * records, per `gameRound` of a running crash round received, the delay from the server's tick (`startsAt +
 * elapsed`, the instant the tick read its clock) to its receipt here; the same machine, so the same clock.
 */
interface Job {
  base: string;
  socketPath: string;
  tokens: string[];
  seconds: number;
}

export interface CrashSocketsAnswer {
  connected: number;
  delaysMs: number[];
}

function connect(job: Job, token: string): Promise<Socket> {
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

process.once('message', async (message) => {
  const job = message as Job;
  const sockets: Socket[] = [];
  for (let from = 0; from < job.tokens.length; from += 250)
    sockets.push(
      ...(await Promise.all(job.tokens.slice(from, from + 250).map((token) => connect(job, token)))),
    );
  process.send!({ connected: sockets.length });
  const delaysMs: number[] = [];
  const onRound = (round: { game: string; phase: string; startsAt: number; elapsed?: number }) => {
    if (round.game === 'crash' && round.phase === 'running' && round.elapsed)
      delaysMs.push(Date.now() - (round.startsAt + round.elapsed));
  };
  for (const socket of sockets) socket.on('gameRound', onRound);
  await new Promise((resolve) => setTimeout(resolve, job.seconds * 1000));
  const connected = sockets.filter((socket) => socket.connected).length;
  for (const socket of sockets) socket.disconnect();
  process.send!({ connected, delaysMs } satisfies CrashSocketsAnswer, () => process.exit(0));
});
