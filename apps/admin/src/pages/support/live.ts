import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { readToken } from '../../api/token.ts';

/** The server's socket path and the operators' namespace (api-contract section 16: the operators' room). */
const SOCKET_PATH = '/gamecenter-siop';
const NAMESPACE = '/operators';

export interface LiveChatMessage {
  id: number;
  from: 'player' | 'agent' | 'system';
  text: string;
  time: number;
  conversationId: number;
  uId: number;
}

export interface OperatorEvents {
  chatMessage?(message: LiveChatMessage): void;
  chatConversation?(): void;
  chatTyping?(event: { conversationId: number }): void;
}

let shared: { socket: Socket; users: number } | undefined;

/**
 * The operator's live connection (same origin, token in the handshake like the player's). One socket for the
 * whole back office, opened by the first page that listens and closed when the last one leaves; socket.io-client
 * loads only then. Returns a way to send events (the typing hint).
 */
export function useOperatorSocket(
  events: OperatorEvents,
  enabled = true,
): (event: string, payload: unknown) => void {
  const latest = useRef(events);
  latest.current = events;
  const socketRef = useRef<Socket | undefined>(undefined);

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    const listeners = {
      chatMessage: (message: LiveChatMessage) => latest.current.chatMessage?.(message),
      chatConversation: () => latest.current.chatConversation?.(),
      chatTyping: (event: { conversationId: number }) => latest.current.chatTyping?.(event),
    };
    void import('socket.io-client').then(({ io }) => {
      if (cancelled) return;
      const token = readToken();
      if (!token) return;
      if (!shared) shared = { socket: io(NAMESPACE, { path: SOCKET_PATH, query: { token } }), users: 0 };
      shared.users += 1;
      socketRef.current = shared.socket;
      for (const [event, listener] of Object.entries(listeners)) shared.socket.on(event, listener);
    });
    return () => {
      cancelled = true;
      const socket = socketRef.current;
      if (!socket || !shared) return;
      for (const [event, listener] of Object.entries(listeners)) socket.off(event, listener);
      shared.users -= 1;
      if (shared.users === 0) {
        shared.socket.disconnect();
        shared = undefined;
      }
      socketRef.current = undefined;
    };
  }, [enabled]);

  return (event, payload) => socketRef.current?.emit(event, payload);
}

/** A short two-tone chime for a new player message (Web Audio: no sound file to ship). */
export function chime(): void {
  try {
    const context = new AudioContext();
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.08, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.5);
    gain.connect(context.destination);
    for (const [index, frequency] of [880, 1320].entries()) {
      const tone = context.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(context.currentTime + index * 0.15);
      tone.stop(context.currentTime + index * 0.15 + 0.2);
    }
    setTimeout(() => void context.close(), 800);
  } catch {
    // No audio (a browser that blocks it before any click): the badge and the list still show the message.
  }
}
