import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createAdminApp, newOperator, ownerToken } from '../admin/helpers.ts';
import { TEST_DATABASE, type TestApp } from '../harness.ts';
import { newPlayer } from '../wallet/helpers.ts';

/** The chat's live side on one server: operators' namespace admission, messages and the typing hint. */
describe(`support chat sockets (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let port: number;
  let owner: string;
  const sockets: Socket[] = [];

  const connect = (namespace: string, token: string) => {
    const socket = io(`http://127.0.0.1:${port}${namespace}`, {
      path: '/gamecenter-siop',
      query: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    return new Promise<Socket>((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  };
  const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

  beforeAll(async () => {
    test = await createAdminApp();
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    port = (test.app.server.address() as AddressInfo).port;
    owner = await ownerToken(test);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await test.close();
  });

  it('admits support operators and owners to the operators namespace, not other roles or players', async () => {
    const agent = await newOperator(test, owner, ['support']);
    const trader = await newOperator(test, owner, ['trader']);
    const player = await newPlayer(test);
    await expect(connect('/operators', agent.token)).resolves.toBeDefined();
    await expect(connect('/operators', owner)).resolves.toBeDefined();
    await expect(connect('/operators', trader.token)).rejects.toThrow('unauthorized');
    await expect(connect('/operators', player.token)).rejects.toThrow('unauthorized');
    await expect(connect('/operators', 'x'.repeat(40))).rejects.toThrow('unauthorized');
  });

  it('carries messages and the typing hint between the player and the operators, and not to another player', async () => {
    const agent = await newOperator(test, owner, ['support']);
    const player = await newPlayer(test);
    const bystander = await newPlayer(test);
    const inbox = await connect('/operators', agent.token);
    const phone = await connect('/', player.token);
    const otherPhone = await connect('/', bystander.token);
    const bystanderGot: unknown[] = [];
    otherPhone.on('chatMessage', (payload) => bystanderGot.push(payload));
    otherPhone.on('chatTyping', (payload) => bystanderGot.push(payload));

    const arrived = next<{ conversationId: number; uId: number; text: string; from: string }>(
      inbox,
      'chatMessage',
    );
    await call(test, 'POST', '/api/app/chat/messages', player.token, { text: 'Alguém aí?' });
    const pushed = await arrived;
    expect(pushed).toMatchObject({ from: 'player', text: 'Alguém aí?', uId: player.uId });

    const playerTyping = next<{ conversationId: number }>(inbox, 'chatTyping');
    phone.emit('chatTyping', {});
    expect(await playerTyping).toEqual({ conversationId: pushed.conversationId, uId: player.uId });

    const agentTyping = next(phone, 'chatTyping');
    inbox.emit('chatTyping', { conversationId: pushed.conversationId });
    expect(await agentTyping).toEqual({ from: 'agent' });

    const reply = next<{ text: string }>(phone, 'chatMessage');
    await call(test, 'POST', `/api/admin/chat/conversations/${pushed.conversationId}/messages`, agent.token, {
      text: 'Sim, pode falar.',
    });
    expect(await reply).toMatchObject({ from: 'agent', text: 'Sim, pode falar.' });
    // The bystander's own message reaches its own phone after everything sent before it (one socket's events keep
    // their order): had the conversation above leaked to it, it would have come first.
    const own = next<{ text: string }>(otherPhone, 'chatMessage');
    await call(test, 'POST', '/api/app/chat/messages', bystander.token, { text: 'Só eu' });
    expect(await own).toMatchObject({ from: 'player', text: 'Só eu' });
    expect(bystanderGot).toEqual([expect.objectContaining({ text: 'Só eu' })]);
  });
});
