import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE, type TestApp } from '../harness.ts';
import { balances, deposit, expectLedgerClean, newPlayer, type Player, userInfo } from '../wallet/helpers.ts';
import { call, createAdminApp, freshCpf, newOperator, type Operator, ownerToken } from './helpers.ts';

/** Players, flags, adjustments, KYC, games and notices from the back office, as players notice them. */
describe(`back office players and catalogue (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let owner: string;
  let finance: Operator;
  let risk: Operator;
  let support: Operator;
  let baseUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    test = await createAdminApp();
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
    owner = await ownerToken(test);
    finance = await newOperator(test, owner, ['finance']);
    risk = await newOperator(test, owner, ['risk']);
    support = await newOperator(test, owner, ['support']);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => test.close());

  async function connect(token: string): Promise<Socket> {
    const socket = io(baseUrl, {
      path: '/gamecenter-siop',
      query: { token },
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
  const nextEvent = <T>(socket: Socket, event: string, timeoutMs = 5000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
      socket.once(event, (payload: T) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });

  const adjust = (player: Player, body: Record<string, unknown>, key?: string, operator = finance) =>
    call(
      test,
      'POST',
      `/api/admin/players/${player.uId}/adjust`,
      operator.token,
      body,
      key ? { 'idempotency-key': key } : {},
    );

  it('search by username prefix, uId and CPF; detail with sums, hold, inviter, CPF and last login', async () => {
    const inviter = await newPlayer(test);
    const inviterYqm = (await userInfo(test, inviter)).yqm;
    const { registerPlayer } = await import('../harness.ts');
    const invited = await registerPlayer(test, { regcode: inviterYqm });
    const player = {
      ...invited,
      uId: (await call(test, 'GET', '/api/app/user/userInfo', invited.token)).data.uId,
    };
    const cpf = freshCpf();
    await call(test, 'POST', '/api/app/user/updateKyc', invited.token, { name: 'Ana Lima', cardNo: cpf });
    await deposit(test, { ...player, userId: BigInt(player.uId) }, 5_000n);

    const byName = await call(
      test,
      'GET',
      `/api/admin/players?q=${encodeURIComponent(invited.username.slice(0, 12))}`,
      support.token,
    );
    expect(byName.data.records.map((row: { uId: number }) => row.uId)).toContain(player.uId);
    const byId = await call(test, 'GET', `/api/admin/players?q=${player.uId}`, support.token);
    // The KYC waits in the queue: operators read it as pending (kyc 0) under the KYC name, while the player's
    // own user object already reads 1 and the deposit above went through.
    expect(byId.data.records[0]).toMatchObject({
      uId: player.uId,
      name: 'Ana Lima',
      balance: 50,
      kyc: 0,
      kycStatus: 'pending',
      status: 'active',
      lx: '10',
      testFlag: '0',
    });
    const formatted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const byCpf = await call(
      test,
      'GET',
      `/api/admin/players?q=${encodeURIComponent(formatted)}`,
      support.token,
    );
    expect(byCpf.data).toMatchObject({ total: 1, records: [{ uId: player.uId }] });

    expect((await call(test, 'GET', '/api/app/user/userInfo', invited.token)).data.kyc).toBe(1);
    const detail = await call(test, 'GET', `/api/admin/players/${player.uId}`, support.token);
    expect(detail.data).toMatchObject({
      uId: player.uId,
      name: 'Ana Lima',
      kyc: 0,
      paySumAmount: 50,
      wdSumAmount: 0,
      holdAmount: 0,
      cpf,
      kycStatus: 'pending',
      kycName: 'Ana Lima',
      inviter: { uId: inviter.uId, username: inviter.username },
    });
    expect(detail.data.lastLoginAt).toBeGreaterThan(Date.now() - 60_000);
    const ledger = await call(test, 'GET', `/api/admin/players/${player.uId}/ledger?size=5`, support.token);
    expect(ledger.data.records[0]).toMatchObject({ code: 'deposit', account: 'player_cash', amount: 50 });
    const orders = await call(test, 'GET', `/api/admin/players/${player.uId}/orders`, support.token);
    expect(orders.data).toMatchObject({ total: 1, records: [{ type: '10', status: '10', amount: 50 }] });
    const sessions = await call(test, 'GET', `/api/admin/players/${player.uId}/sessions`, support.token);
    expect(sessions.data.records[0]).toMatchObject({ live: true });
    const bets = await call(test, 'GET', `/api/admin/players/${player.uId}/bets`, support.token);
    expect(bets.data).toEqual({ records: [], total: 0 });
    expect((await call(test, 'GET', '/api/admin/players/99999999', support.token)).http).toBe(404);
    expect((await call(test, 'GET', '/api/admin/players?size=101', support.token)).http).toBe(400);
  });

  it('search finds any part of the e-mail or of the name, case-insensitive; % and _ are taken literally', async () => {
    const { registerPlayer } = await import('../harness.ts');
    const tag = `q${Date.now().toString(36)}`;
    const marta = await registerPlayer(test, { username: `Marta.${tag}_x@Exemplo.com` });
    const martaId = (await call(test, 'GET', '/api/app/user/userInfo', marta.token)).data.uId;
    await call(test, 'POST', '/api/app/user/updateKyc', marta.token, {
      name: `Marta Quitéria ${tag}`,
      cardNo: freshCpf(),
    });
    const other = await registerPlayer(test, { username: `martaxx${tag}@exemplo.com` });
    const otherId = (await call(test, 'GET', '/api/app/user/userInfo', other.token)).data.uId;
    const ids = async (q: string) =>
      (
        await call(test, 'GET', `/api/admin/players?q=${encodeURIComponent(q)}`, support.token)
      ).data.records.map((row: { uId: number }) => row.uId);

    // The middle of the e-mail, its domain, in another case.
    expect(await ids(`${tag.toUpperCase()}_X@`)).toEqual([martaId]);
    expect(await ids(`${tag}@exemplo`)).toEqual([otherId]);
    // Part of the name, not at its start, in another case.
    expect(await ids(`quitÉria ${tag}`)).toEqual([martaId]);
    // `_` is an underscore, not "any character": "martaxx" is not found by "marta_x"-style patterns.
    expect(await ids(`${tag}_`)).toEqual([martaId]);
    expect(await ids(`a_${tag}`)).toEqual([]);
    expect(await ids(`%${tag}`)).toEqual([]);
  });

  it('adjustments: a credit and a debit move the ledger with their audit; idempotent by key; never below zero', async () => {
    const player = await newPlayer(test);
    const credit = await adjust(
      player,
      { account: 'cash', amount: '12.50', reason: 'compensação de falha' },
      'adj-1',
    );
    expect(credit).toMatchObject({ http: 200, data: { balance: 12.5, freeBalance: 0 } });
    const replay = await adjust(
      player,
      { account: 'cash', amount: '12.50', reason: 'compensação de falha' },
      'adj-1',
    );
    expect(replay.data).toEqual({ balance: 12.5, freeBalance: 0 });
    expect(await balances(test, player)).toEqual({ balance: 12.5, freeBalance: 0 });
    const bonus = await adjust(player, { account: 'bonus', amount: 5, reason: 'bônus manual' }, 'adj-2');
    expect(bonus.data).toEqual({ balance: 12.5, freeBalance: 5 });
    const debit = await adjust(
      player,
      { account: 'cash', amount: '-2.5', reason: 'estorno parcial' },
      'adj-3',
    );
    expect(debit.data).toEqual({ balance: 10, freeBalance: 5 });

    const tooMuch = await adjust(
      player,
      { account: 'cash', amount: -10.01, reason: 'estorno total' },
      'adj-4',
    );
    expect(tooMuch).toMatchObject({ http: 500, status: 9999, message: 'Saldo insuficiente' });
    expect(await balances(test, player)).toEqual({ balance: 10, freeBalance: 5 });

    expect((await adjust(player, { account: 'cash', amount: 0, reason: 'nada' }, 'adj-5')).http).toBe(400);
    expect(
      (await adjust(player, { account: 'cash', amount: '1.001', reason: 'três casas' }, 'adj-6')).http,
    ).toBe(400);
    expect((await adjust(player, { account: 'cash', amount: 1, reason: 'ok' }, 'adj-7')).message).toContain(
      'reason',
    );
    const noKey = await adjust(player, { account: 'cash', amount: 1, reason: 'sem chave' });
    expect(noKey).toMatchObject({ http: 400, message: 'Informe o cabeçalho Idempotency-Key' });
    expect((await adjust(player, { account: 'cash', amount: 1, reason: 'risk' }, 'adj-8', risk)).http).toBe(
      403,
    );

    const journal = await call(
      test,
      'GET',
      `/api/admin/ledger/journal?code=admin_adjustment&uId=${player.uId}`,
      finance.token,
    );
    expect(journal.data.total).toBe(3);
    expect(journal.data.records[0].postings).toEqual(
      expect.arrayContaining([
        { account: 'player_cash', uId: player.uId, amount: -2.5 },
        { account: 'house_adjustments', uId: null, amount: 2.5 },
      ]),
    );
    expect(journal.data.records[0].ref).toBe(`operator:${finance.id}`);
    const audit = await call(test, 'GET', '/api/admin/audit?action=player.adjust&size=10', owner);
    const mine = audit.data.records.filter(
      (entry: { target: string }) => entry.target === `player:${player.uId}`,
    );
    expect(mine).toHaveLength(3);
    expect(mine[0].after).toMatchObject({ account: 'cash', amountCents: '-250', reason: 'estorno parcial' });
    const check = await call(test, 'GET', '/api/admin/ledger/check', finance.token);
    expect(check.data).toEqual({ ok: true, differences: [] });
    await expectLedgerClean(test);
  });

  it('a blocked player is refused at once: HTTP answers 1403 and the socket is dropped and refused', async () => {
    const player = await newPlayer(test);
    const socket = await connect(player.token);
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const blocked = await call(test, 'POST', `/api/admin/players/${player.uId}/flags`, risk.token, {
      status: 'blocked',
    });
    expect(blocked.data).toMatchObject({ status: 'blocked' });
    expect(await dropped).toBe('io server disconnect');
    const refused = await call(test, 'GET', '/api/app/user/getBalance', player.token);
    expect(refused).toMatchObject({ http: 500, status: 1403 });
    await expect(connect(player.token)).rejects.toThrow();
    // Unblocked, the same token works again.
    await call(test, 'POST', `/api/admin/players/${player.uId}/flags`, risk.token, { status: 'active' });
    expect((await call(test, 'GET', '/api/app/user/getBalance', player.token)).http).toBe(200);
  });

  it('lx and testFlag reach the user object; a bad flag value is a 400 and changes nothing', async () => {
    const player = await newPlayer(test);
    const socket = await connect(player.token);
    const pushed = nextEvent<{ lx: string }>(socket, 'updateUserInfo');
    await call(test, 'POST', `/api/admin/players/${player.uId}/flags`, risk.token, {
      lx: '20',
      testFlag: '1',
    });
    expect((await pushed).lx).toBe('20');
    expect(await userInfo(test, player)).toMatchObject({ lx: '20', testFlag: '1' });
    const bad = await call(test, 'POST', `/api/admin/players/${player.uId}/flags`, risk.token, { lx: '30' });
    expect(bad.http).toBe(400);
    expect((await userInfo(test, player)).lx).toBe('20');
  });

  it('the KYC queue: pending submissions; approve keeps kyc 1, reject makes it 0; the player list agrees', async () => {
    const first = await newPlayer(test);
    const second = await newPlayer(test);
    for (const player of [first, second]) {
      await call(test, 'POST', '/api/app/user/updateKyc', player.token, {
        name: 'Nome Completo',
        cardNo: freshCpf(),
      });
    }
    const queue = await call(test, 'GET', '/api/admin/kyc?status=pending&size=100', risk.token);
    const ids = queue.data.records.map((row: { uId: number }) => row.uId);
    expect(ids).toEqual(expect.arrayContaining([first.uId, second.uId]));
    const approved = await call(test, 'POST', `/api/admin/kyc/${first.uId}`, risk.token, {
      decision: 'approve',
    });
    expect(approved.data).toMatchObject({ status: 'approved', name: 'Nome Completo' });
    expect((await userInfo(test, first)).kyc).toBe(1);
    const listed = async (uId: number) =>
      (await call(test, 'GET', `/api/admin/players?q=${uId}`, risk.token)).data.records[0];
    expect(await listed(first.uId)).toMatchObject({ kyc: 1, kycStatus: 'approved', name: 'Nome Completo' });
    expect(await listed(second.uId)).toMatchObject({ kyc: 0, kycStatus: 'pending' });
    const rejected = await call(test, 'POST', `/api/admin/kyc/${second.uId}`, risk.token, {
      decision: 'reject',
      reason: 'foto ilegível',
    });
    expect(rejected.data).toMatchObject({ status: 'rejected', reason: 'foto ilegível' });
    expect((await userInfo(test, second)).kyc).toBe(0);
    expect(await listed(second.uId)).toMatchObject({ kyc: 0, kycStatus: 'rejected' });
    const untouched = await newPlayer(test);
    expect(await listed(untouched.uId)).toMatchObject({ kyc: 0, kycStatus: 'none', name: '' });
    const nothing = await newPlayer(test);
    expect(
      (await call(test, 'POST', `/api/admin/kyc/${nothing.uId}`, risk.token, { decision: 'approve' })).http,
    ).toBe(409);
  });

  it('a stopped game shows stop to players and refuses bets with Em Breve...; limits bound the stake', async () => {
    const trader = await newOperator(test, owner, ['trader']);
    const player = await newPlayer(test);
    await deposit(test, player, 10_000n);
    const stopped = await call(test, 'POST', '/api/admin/games/SELF/dice', trader.token, {
      stop: true,
      hot: true,
    });
    expect(stopped.data).toMatchObject({ gameCode: 'dice', stop: true, hot: true });
    const main = await call(test, 'GET', '/api/app/main/main');
    expect(main.data.SELF.records.find((game: { value: string }) => game.value === 'dice').stop).toBe(true);
    const refused = await call(test, 'POST', '/api/app/game/dice/bet', player.token, {
      amount: 1,
      target: 50,
      direction: 'over',
    });
    expect(refused.message).toBe('Em Breve...');
    await call(test, 'POST', '/api/admin/games/SELF/dice', trader.token, {
      stop: false,
      betMin: 2,
      betMax: 5,
    });
    const below = await call(test, 'POST', '/api/app/game/dice/bet', player.token, {
      amount: 1,
      target: 50,
      direction: 'over',
    });
    expect(below.http).toBe(400);
    const fine = await call(test, 'POST', '/api/app/game/dice/bet', player.token, {
      amount: 2,
      target: 50,
      direction: 'over',
    });
    expect(fine.http).toBe(200);
    const hot = await call(test, 'GET', '/api/app/main/main');
    expect(hot.data.hot.records.map((game: { value: string }) => game.value)).toEqual(['dice']);
    const bad = await call(test, 'POST', '/api/admin/games/SELF/dice', trader.token, {
      betMin: 10,
      betMax: 5,
    });
    expect(bad.http).toBe(400);
    expect((await call(test, 'POST', '/api/admin/games/PG/dice', trader.token, { stop: true })).http).toBe(
      404,
    );
  });

  it('price packages: create, edit, disable; players see only enabled ones', async () => {
    const created = await call(test, 'POST', '/api/admin/packages', finance.token, {
      price: '77.70',
      gift: 7,
      curreny: 'BRL',
      sort: 50,
      enabled: true,
    });
    expect(created.data).toMatchObject({ price: 77.7, gift: 7, enabled: true });
    const buyer = await newPlayer(test);
    const prices = async () =>
      (await call(test, 'GET', '/api/app/order/getPrices', buyer.token)).data.map(
        (row: { pkgId: number }) => row.pkgId,
      );
    expect(await prices()).toContain(created.data.pkgId);
    const disabled = await call(test, 'POST', `/api/admin/packages/${created.data.pkgId}`, finance.token, {
      enabled: false,
    });
    expect(disabled.data.enabled).toBe(false);
    expect(await prices()).not.toContain(created.data.pkgId);
    const zero = await call(test, 'POST', `/api/admin/packages/${created.data.pkgId}`, finance.token, {
      price: 0,
    });
    expect(zero.http).toBe(400);
    const list = await call(test, 'GET', '/api/admin/packages', finance.token);
    expect(list.data.find((row: { pkgId: number }) => row.pkgId === created.data.pkgId)).toMatchObject({
      enabled: false,
      price: 77.7,
    });
  });

  it("price packages of the spec's other groups (EXTPAY, INSBRL, …): created and asked for by group", async () => {
    const buyer = await newPlayer(test);
    for (const curreny of ['EXTPAY', 'INSBRL', 'EXPPAY', 'BTBRL', 'FCBRL']) {
      const created = await call(test, 'POST', '/api/admin/packages', finance.token, {
        price: '30.00',
        gift: '3.00',
        curreny,
        sort: 1,
        enabled: true,
      });
      expect(created.http, created.message).toBe(200);
      expect(created.data).toMatchObject({ curreny, price: 30, gift: 3 });
      const group = await call(test, 'GET', `/api/app/order/getPrices?curreny=${curreny}`, buyer.token);
      expect(group.data.map((row: { pkgId: number }) => row.pkgId)).toContain(created.data.pkgId);
    }
    const edited = await call(test, 'GET', '/api/admin/packages', finance.token);
    const extpay = edited.data.find((row: { curreny: string }) => row.curreny === 'EXTPAY');
    const moved = await call(test, 'POST', `/api/admin/packages/${extpay.pkgId}`, finance.token, {
      curreny: 'FCBRL',
    });
    expect(moved.data.curreny).toBe('FCBRL');
    for (const curreny of ['USD', 'brl', 'ABCDEFGHIJK', 'BRL1']) {
      const refused = await call(test, 'POST', '/api/admin/packages', finance.token, {
        price: '30.00',
        gift: 0,
        curreny,
        sort: 1,
        enabled: true,
      });
      expect(refused.http, curreny).toBe(400);
      expect(refused.message).toContain('curreny');
    }
  });

  it('creating or enabling a notice sends `notice` to every connected player; a disabled one does not', async () => {
    const marketing = await newOperator(test, owner, ['marketing']);
    const [alice, bob] = [await newPlayer(test), await newPlayer(test)];
    const [aliceSocket, bobSocket] = [await connect(alice.token), await connect(bob.token)];
    const received = [nextEvent(aliceSocket, 'notice'), nextEvent(bobSocket, 'notice')];
    const created = await call(test, 'POST', '/api/admin/notices', marketing.token, {
      title: 'Manutenção',
      content: 'O site fica fora do ar às 3h.',
      enabled: true,
    });
    const expected = { id: created.data.id, title: 'Manutenção', content: 'O site fica fora do ar às 3h.' };
    expect(await Promise.all(received)).toEqual([expected, expected]);

    const silent: unknown[] = [];
    aliceSocket.on('notice', (payload) => silent.push(payload));
    const hidden = await call(test, 'POST', '/api/admin/notices', marketing.token, {
      title: 'Rascunho',
      content: 'ainda não',
      enabled: false,
    });
    await call(test, 'POST', `/api/admin/notices/${hidden.data.id}`, marketing.token, {
      content: 'revisado',
    });
    const enabled = nextEvent(bobSocket, 'notice');
    const aliceEnabled = nextEvent(aliceSocket, 'notice');
    await call(test, 'POST', `/api/admin/notices/${hidden.data.id}`, marketing.token, { enabled: true });
    const shown = { id: hidden.data.id, title: 'Rascunho', content: 'revisado' };
    expect(await enabled).toEqual(shown);
    // Events reach a socket in the order they were sent: had the draft or its edit been pushed, Alice would have
    // had them before this one.
    await aliceEnabled;
    expect(silent).toEqual([shown]);
  });
});
