import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { createSportsbookApp, type SportsbookTestApp } from '../sportsbook/helpers.ts';
import { call, type Player } from '../wallet/helpers.ts';

/**
 * Shared helpers of the engagement tests: an app with an owner operator (the sportsbook's test app, which also
 * records every socket event the server emits), listening on a port so players can hold a socket.
 */
export interface EngageApp extends SportsbookTestApp {
  baseUrl: string;
  sockets: Socket[];
}

export async function createEngageApp(): Promise<EngageApp> {
  const app = await createSportsbookApp();
  await app.test.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.test.app.server.address() as AddressInfo).port}`;
  const sockets: Socket[] = [];
  return {
    ...app,
    baseUrl,
    sockets,
    async close() {
      for (const socket of sockets) socket.disconnect();
      await app.close();
    },
  };
}

/** Opens the player's socket (so pushes reach them) and answers the events it receives, by name. */
export async function listen(app: EngageApp, player: Player) {
  const socket = io(app.baseUrl, {
    path: '/gamecenter-siop',
    query: { token: player.token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  app.sockets.push(socket);
  const received: { event: string; payload: unknown }[] = [];
  socket.onAny((event, payload) => received.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    received,
    of: (event: string) => received.filter((entry) => entry.event === event).map((entry) => entry.payload),
    async waitFor(event: string, predicate: (payload: never) => boolean = () => true) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = received.find((entry) => entry.event === event && predicate(entry.payload as never));
        if (found) return found.payload;
        if (Date.now() > deadline) throw new Error(`no ${event}: ${JSON.stringify(received)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** An operator call as the owner; expects 200 and answers the data. */
export async function asOwner(app: EngageApp, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const answer = await call(app.test, method, url, app.operatorToken, payload as Record<string, unknown>);
  expect(answer.http, answer.message).toBe(200);
  return answer.data;
}

export const post = (app: EngageApp, player: Player, url: string, body?: Record<string, unknown>) =>
  call(app.test, 'POST', url, player.token, body);
export const get = (app: EngageApp, player: Player, url: string) => call(app.test, 'GET', url, player.token);

/** A dice bet that the player sends from the dice page. */
export const dice = (app: EngageApp, player: Player, amount: number) =>
  post(app, player, '/api/app/game/dice/bet', { amount, target: 50, direction: 'under' });
