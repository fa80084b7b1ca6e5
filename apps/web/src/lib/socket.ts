import type { Socket } from 'socket.io-client';
import type { RealtimeHandlers } from './realtime-events';

// The live connection (spec.md sections 4 and 7). socket.io-client is loaded only when a logged-in
// player needs it, so a guest's first page does not download it.
export const socketPath = '/gamecenter-siop';

let socket: Socket | undefined;
let socketToken: string | undefined;
// Each open/close bumps the generation so a slow import cannot revive a socket closed meanwhile.
let generation = 0;
let ready: Promise<Socket | undefined> = Promise.resolve(undefined);

export function openSocket(token: string, handlers: RealtimeHandlers): Promise<Socket | undefined> {
  if (socket && socketToken === token) return ready;
  closeSocket();
  const mine = generation;
  ready = import('socket.io-client').then(({ io }) => {
    if (mine !== generation) return undefined;
    const created = io({ path: socketPath, query: { token } });
    for (const [event, handler] of Object.entries(handlers)) {
      created.on(event, handler as (payload: unknown) => void);
    }
    socket = created;
    socketToken = token;
    return created;
  });
  return ready;
}

export function closeSocket(): void {
  generation += 1;
  socket?.disconnect();
  socket = undefined;
  socketToken = undefined;
  ready = Promise.resolve(undefined);
}

/** Tells the server the player left a game; only when a socket exists (it buffers until connected). */
export function emitOffGame(gameCode: string): void {
  void ready.then((current) => {
    current?.emit('offGame', { gameCode });
  });
}

/** Tells the operators the player is typing in the support chat (throttled by the caller). */
export function emitChatTyping(): void {
  void ready.then((current) => {
    current?.emit('chatTyping', {});
  });
}
