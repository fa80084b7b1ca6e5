import type { Server } from 'socket.io';

/**
 * Where services send live events. It holds the socket.io server once the gateway is attached; with the Redis
 * adapter a room emit reaches the player on whichever server process holds the connection.
 */
export class RealtimeHub {
  #io: Server | undefined;

  attach(io: Server): void {
    this.#io = io;
  }

  static roomOf(userId: bigint): string {
    return `user:${userId}`;
  }

  /** The room of one session's sockets, named by the token's hash (never the token itself). */
  static sessionRoomOf(tokenHash: Buffer): string {
    return `session:${tokenHash.toString('hex')}`;
  }

  /** A revoked token must stop receiving events: its sockets are dropped (logout). */
  disconnectSession(tokenHash: Buffer): void {
    this.#io?.in(RealtimeHub.sessionRoomOf(tokenHash)).disconnectSockets(true);
  }

  /** Every socket of the player is dropped (password reset revokes every token). */
  disconnectUser(userId: bigint): void {
    this.#io?.in(RealtimeHub.roomOf(userId)).disconnectSockets(true);
  }

  emitToUser(userId: bigint, event: string, payload: unknown): void {
    this.#io?.to(RealtimeHub.roomOf(userId)).emit(event, payload);
  }

  broadcast(event: string, payload: unknown): void {
    this.#io?.emit(event, payload);
  }
}
