import cluster, { type Worker } from 'node:cluster';
import net from 'node:net';
import { aggregateWorkers, serveMetrics } from '../platform/metrics-server.ts';
import { ClientAffinity } from './affinity.ts';

/** The message that hands a client's connection to a worker (with the socket as its handle). */
export const CONNECTION_MESSAGE = 'aposta:connection';
/** A worker's word that it answers: connections go to it from then on. */
export const READY_MESSAGE = 'aposta:ready';

const AFFINITY_TTL_MS = 10 * 60_000;
const RESTART_DELAY_MS = 1_000;
/** Beyond the workers' own drain and request timeout, how long the primary waits before it kills them. */
const STOP_MARGIN_MS = 5_000;

type Log = (level: 'info' | 'warn' | 'error', fields: Record<string, unknown>, message: string) => void;

/** One line of JSON per event, in the shape of the workers' pino lines (level 30 info, 40 warn, 50 error). */
const primaryLog: Log = (level, fields, message) => {
  const levels = { info: 30, warn: 40, error: 50 };
  console.log(
    JSON.stringify({
      level: levels[level],
      time: Date.now(),
      pid: process.pid,
      role: 'primary',
      ...fields,
      msg: message,
    }),
  );
};

/**
 * The primary of `npm start` on PostgreSQL with Redis: it owns the port, forks `workers` server processes and
 * hands each accepted connection, unread, to the worker that serves its client (decision 0020, "Every core").
 * A worker that dies is replaced; one that dies before it ever answered (a bad DATABASE_URL) ends the whole
 * server, rather than restarting forever.
 */
export function runPrimary(options: {
  workers: number;
  port: number;
  host: string;
  ops?: {
    metricsPort: number | null;
    metricsHost: string;
    shutdownDrainSeconds: number;
    shutdownTimeoutSeconds: number;
  };
}): void {
  const drainMs = (options.ops?.shutdownDrainSeconds ?? 0) * 1000;
  const timeoutMs = (options.ops?.shutdownTimeoutSeconds ?? 10) * 1000;
  const affinity = new ClientAffinity(AFFINITY_TTL_MS);
  const ready = new Map<number, Worker>();
  let readyIds: number[] = [];
  let closing = false;
  let listening = false;

  const server = net.createServer({ pauseOnConnect: true }, (connection) => {
    const workerId = affinity.pick(connection.remoteAddress ?? '', readyIds, Date.now());
    const worker = workerId === undefined ? undefined : ready.get(workerId);
    if (!worker) return void connection.destroy();
    worker.send(CONNECTION_MESSAGE, connection, (error: Error | null) => {
      if (error) connection.destroy();
    });
  });
  server.on('error', (error) => {
    primaryLog('error', { err: String(error) }, 'the server could not listen');
    void stop(1);
  });
  const sweep = setInterval(() => affinity.sweep(Date.now()), 60_000);
  sweep.unref();

  const fork = () => {
    const worker = cluster.fork();
    let answered = false;
    worker.on('message', (message: unknown) => {
      if (message !== READY_MESSAGE) return;
      answered = true;
      ready.set(worker.id, worker);
      readyIds = [...ready.keys()];
      if (!listening) {
        listening = true;
        server.listen(options.port, options.host);
      }
      if (ready.size === options.workers)
        primaryLog('info', { workers: ready.size }, `ready on http://localhost:${options.port}`);
    });
    worker.on('exit', (code, signal) => {
      ready.delete(worker.id);
      readyIds = [...ready.keys()];
      affinity.forget(worker.id);
      if (closing) return;
      if (!answered) {
        primaryLog('error', { code, signal }, 'a server process stopped before it answered: stopping');
        return void stop(1);
      }
      primaryLog(
        'warn',
        { code, signal, workerPid: worker.process.pid },
        'a server process stopped: starting another',
      );
      setTimeout(() => closing || fork(), RESTART_DELAY_MS);
    });
  };

  // The scrape port of the whole cluster: the figures of every ready worker, added up (decision 0044).
  const metrics = options.ops
    ? serveMetrics(options.ops, () => aggregateWorkers([...ready.values()]))
    : undefined;

  const closePort = () => {
    server.close();
    metrics?.close();
  };
  const stop = async (code: number) => {
    if (closing) return;
    closing = true;
    await stopWorkers({ code, drainMs, timeoutMs, closePort });
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  primaryLog('info', { workers: options.workers }, 'starting one server process per core');
  for (let index = 0; index < options.workers; index++) fork();
}

/**
 * A graceful stop (code 0) keeps the port open while the workers drain: each answers /health/ready with 503 at
 * once so the balancer takes the node out, and keeps serving what still arrives until the drain time ends
 * (decision 0045). Only then the port closes, at the moment the workers close theirs. A failed start stops at once.
 */
async function stopWorkers(options: {
  code: number;
  drainMs: number;
  timeoutMs: number;
  closePort: () => void;
}): Promise<void> {
  const { code, drainMs, timeoutMs, closePort } = options;
  const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
  const exited = workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
  for (const worker of workers) worker.process.kill('SIGTERM');
  const drained = code === 0 && drainMs > 0 ? setTimeout(closePort, drainMs) : undefined;
  if (!drained) closePort();
  const forced = setTimeout(
    () => {
      for (const worker of workers) worker.process.kill('SIGKILL');
    },
    drainMs + timeoutMs + STOP_MARGIN_MS,
  );
  await Promise.all(exited);
  clearTimeout(forced);
  if (drained) {
    clearTimeout(drained);
    closePort();
  }
}
