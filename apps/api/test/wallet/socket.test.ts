import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveKyc, createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { call, deposit, newPlayer, type Player, packageOf, prePay } from './helpers.ts';

/**
 * The wallet's live events (api-contract section 7): when the payer pays, the player's open socket receives
 * `paySuccess` with the order and amount and `insBalance` with the new balances; a withdrawal and a transfer push
 * `insBalance` to the players whose money moved. Nobody else hears about it.
 */
describe(`wallet socket events (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let baseUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    test = await createTestApp();
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await test.close();
  });

  async function connect(player: Player): Promise<Socket> {
    const socket = io(baseUrl, {
      path: '/gamecenter-siop',
      query: { token: player.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  /** Every event the socket receives, in order. */
  function recorder(socket: Socket) {
    const events: [string, unknown][] = [];
    socket.onAny((event: string, payload: unknown) => events.push([event, payload]));
    return {
      events,
      async waitFor(event: string, timeoutMs = 5000): Promise<unknown> {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const found = events.find(([name]) => name === event);
          if (found) return found[1];
          if (Date.now() > deadline)
            throw new Error(`no ${event} within ${timeoutMs} ms: ${JSON.stringify(events)}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
    };
  }

  it('pushes paySuccess and insBalance after the payer pays, only to that player', async () => {
    const player = await newPlayer(test);
    const bystander = await newPlayer(test);
    const mine = recorder(await connect(player));
    const theirs = recorder(await connect(bystander));
    const order = await prePay(test, player, await packageOf(test, 5_000n, 700n), 1);
    expect(await test.payer.pay(order.payNo)).toBe('paid');
    expect(await mine.waitFor('paySuccess')).toEqual({ orderId: order.orderId, amount: 50 });
    expect(await mine.waitFor('insBalance')).toEqual({ balance: 50, freeBalance: 7, czflag: 1 });
    expect(await mine.waitFor('updateUserInfo')).toMatchObject({
      balance: 50,
      freeBalance: 7,
      paySumAmount: 50,
    });
    // The deposit's pushes have all left; a probe sent now reaches the bystander after anything sent to them.
    test.ctx.realtime.emitToUser(bystander.userId, 'probe', {});
    await theirs.waitFor('probe');
    expect(theirs.events).toEqual([['probe', {}]]);
  });

  it('pushes insBalance to both players of a transfer, and to the player who withdraws', async () => {
    const sender = await newPlayer(test);
    const receiver = await newPlayer(test);
    await deposit(test, sender, 10_000n);
    const senderEvents = recorder(await connect(sender));
    const receiverEvents = recorder(await connect(receiver));
    expect(
      (
        await call(test, 'POST', '/api/app/order/transfer', sender.token, {
          toUser: receiver.username,
          amount: 30,
        })
      ).http,
    ).toBe(200);
    expect(await senderEvents.waitFor('insBalance')).toEqual({ balance: 70, freeBalance: 0, czflag: 0 });
    expect(await receiverEvents.waitFor('insBalance')).toEqual({ balance: 30, freeBalance: 0, czflag: 0 });

    senderEvents.events.length = 0;
    // Withdrawals need approved KYC and pay only to the player's own CPF.
    await approveKyc(test, sender.token, '52998224725');
    const answer = await call(test, 'POST', '/api/app/order/withdraw', sender.token, {
      payCardBank: 'CPF',
      payCardNo: '52998224725',
      amount: 20,
    });
    expect(answer.http).toBe(200);
    expect(await senderEvents.waitFor('insBalance')).toEqual({ balance: 50, freeBalance: 0, czflag: 0 });
  });
});
