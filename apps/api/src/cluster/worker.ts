import type { Server } from 'node:http';
import type { Socket } from 'node:net';
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
  process.send?.(READY_MESSAGE);
}
