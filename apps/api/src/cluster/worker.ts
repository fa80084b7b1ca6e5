import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { answerMetricsAsks } from '../platform/metrics.ts';
import { CONNECTION_MESSAGE, READY_MESSAGE } from './primary.ts';

/**
 * A worker of the cluster does not listen: the primary sends it its clients' connections, which it serves as if
 * it had accepted them. Says it is ready once it takes them.
 */
export function serveFromPrimary(server: Server): void {
  process.on('message', (message: unknown, handle: unknown) => {
    if (message !== CONNECTION_MESSAGE || !handle) return;
    const connection = handle as Socket;
    server.emit('connection', connection);
    connection.resume();
  });
  startTimeoutChecks(server);
  // The primary serves METRICS_PORT for the whole cluster: it asks each worker for its figures.
  answerMetricsAsks();
  process.send?.(READY_MESSAGE);
}

/**
 * Node checks the request and header timeouts (a client trickling its headers in is cut off) from a timer it
 * starts when a server starts listening; a worker's server never listens, so the timer is started here, by the
 * same function Node registers for that event.
 */
function startTimeoutChecks(server: Server): void {
  const setup = server
    .listeners('listening')
    .find((listener) => listener.name === 'setupConnectionsTracking');
  if (!setup)
    throw new Error('this Node does not track HTTP connections as expected: the timeouts would not hold');
  setup.call(server);
}
