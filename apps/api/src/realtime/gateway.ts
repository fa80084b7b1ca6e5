import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Db } from '../db/connection.ts';
import { bearerToken } from '../http/auth.ts';
import { sha256 } from '../lib/secrets.ts';
import { findLivePlayer } from '../modules/auth/sessions.repository.ts';
import { RealtimeHub } from './hub.ts';

export const SOCKET_PATH = '/gamecenter-siop';

/** What a module does when a player's socket sends `event`. */
export type SocketHandler = (userId: bigint, payload: unknown) => void | Promise<void>;

/** The socket events the modules listen to, one handler per event name. */
export class SocketHandlers {
  readonly #handlers = new Map<string, SocketHandler>();

  on(event: string, handler: SocketHandler): void {
    if (this.#handlers.has(event)) throw new Error(`socket event ${event} is handled twice`);
    this.#handlers.set(event, handler);
  }

  entries(): [string, SocketHandler][] {
    return [...this.#handlers.entries()];
  }
}

export interface Gateway {
  io: Server;
  close(): Promise<void>;
}

/**
 * The live socket of spec.md section 7: the token comes in the query, a bad one is refused at the handshake
 * (`connect_error`), and each player's sockets share one room so events reach all their tabs.
 */
export function attachGateway(
  httpServer: HttpServer,
  options: {
    db: Db;
    hub: RealtimeHub;
    log: FastifyBaseLogger;
    redisUrl: string | undefined;
    handlers: SocketHandlers;
  },
): Gateway {
  const io = new Server(httpServer, { path: SOCKET_PATH, serveClient: false, cors: { origin: false } });
  const redisClients: Redis[] = [];
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }

  io.use(async (socket, next) => {
    try {
      const token = bearerToken(socket.handshake.query.token ?? socket.handshake.auth?.token);
      const tokenHash = token ? sha256(token) : undefined;
      const player = tokenHash ? await findLivePlayer(options.db, tokenHash) : undefined;
      // A blocked or self-excluded player gets no events, as every HTTP call answers them 1403.
      if (!tokenHash || player?.status !== 'active') return next(new Error('unauthorized'));
      socket.data.userId = player.userId.toString();
      socket.data.sessionRoom = RealtimeHub.sessionRoomOf(tokenHash);
      return next();
    } catch (error) {
      options.log.error({ err: error }, 'socket handshake failed');
      return next(new Error('unavailable'));
    }
  });

  io.on('connection', (socket) => {
    const userId = BigInt(socket.data.userId as string);
    void socket.join([RealtimeHub.roomOf(userId), socket.data.sessionRoom as string]);
    for (const [event, handler] of options.handlers.entries()) {
      socket.on(event, (payload: unknown) => {
        Promise.resolve()
          .then(() => handler(userId, payload))
          .catch((error: unknown) =>
            options.log.error({ err: error, event, userId: userId.toString() }, 'socket event failed'),
          );
      });
    }
  });

  options.hub.attach(io, { shared: redisClients.length > 0 });
  return {
    io,
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      for (const client of redisClients) client.disconnect();
    },
  };
}
