import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, registerPlayer, TEST_DATABASE, type TestApp } from './harness.ts';

const SELF_GAMES = ['mines', 'dice', 'limbo', 'luckyColor', 'rowDouble', 'double', 'crash'];

describe(`player info, balance, avatar, test account, prices and games (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => test.close());

  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    test.app.inject({ url, headers: { ...(token ? auth(token) : {}), ...headers } });

  it("userInfo answers every field of the user object with a new player's values, plus the price packages", async () => {
    const before = Date.now();
    const player = await registerPlayer(test);
    const response = await get('/api/app/user/userInfo?loading=false', player.token);
    expect(response.statusCode).toBe(200);
    const { status, message, data } = response.json();
    expect(status).toBe(200);
    expect(typeof message).toBe('string');

    expect(Object.keys(data).sort()).toEqual(
      [
        'uId',
        'name',
        'username',
        'email',
        'balance',
        'freeBalance',
        'payAmount',
        'yqm',
        'level',
        'header',
        'time',
        'extendInfo',
        'paySumAmount',
        'wdSumAmount',
        'gameSumAmount',
        'nextlevel',
        'payDiscount',
        'kyc',
        'kycState',
        'kycReason',
        'testFlag',
        'gamePayAmount',
        'addPayAmount',
        'lx',
        'paypackage',
      ].sort(),
    );
    expect(Number.isInteger(data.uId)).toBe(true);
    expect(data.uId).toBeGreaterThan(0);
    expect(data.name).toBe('');
    expect(data.username).toBe(player.username);
    expect(data.email).toBe(player.username);
    expect(data.yqm).toMatch(/^[A-Z0-9]{6,12}$/);
    expect(data.level).toBe(1);
    expect(data.header).toBe(0);
    expect(Number.isInteger(data.time)).toBe(true);
    expect(data.time).toBeGreaterThanOrEqual(before - 60_000);
    expect(data.time).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(data.extendInfo).toBeNull();
    for (const sum of [
      'balance',
      'freeBalance',
      'payAmount',
      'paySumAmount',
      'wdSumAmount',
      'gameSumAmount',
      'gamePayAmount',
      'addPayAmount',
    ]) {
      expect(data[sum], sum).toBe(0);
    }
    expect(data.nextlevel).toEqual({ gameSumAmount: 100, paySumAmount: 10 });
    expect(data.payDiscount).toBeNull();
    expect(data.kyc).toBe(0);
    // Ours (docs/api/kyc-state.md): a new player has sent no identity yet, and no reason stands.
    expect(data.kycState).toBe('none');
    expect(data.kycReason).toBeNull();
    expect(data.testFlag).toBe('0');
    expect(data.lx).toBe('10');

    const packages = data.paypackage as {
      pkgId: number;
      price: number;
      gift: number;
      curreny: string;
      sort: number;
    }[];
    expect(packages.length).toBeGreaterThanOrEqual(4);
    for (const pkg of packages) {
      expect(Object.keys(pkg).sort()).toEqual(['curreny', 'gift', 'pkgId', 'price', 'sort']);
      expect(Number.isInteger(pkg.pkgId)).toBe(true);
      expect(typeof pkg.price).toBe('number');
      expect(typeof pkg.gift).toBe('number');
      expect(pkg.curreny).toBe('BRL');
    }
    const sorts = packages.map((pkg) => pkg.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(packages.some((pkg) => pkg.price === 100)).toBe(true);
  });

  it('getBalance answers zero cash and zero bonus for a new player', async () => {
    const player = await registerPlayer(test);
    const response = await get('/api/app/user/getBalance', player.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 200, message: '', data: { balance: 0, freeBalance: 0 } });
  });

  it('setHeader takes avatars 0..35 and userInfo shows the choice', async () => {
    const player = await registerPlayer(test);
    for (const index of [35, 0, 17]) {
      const response = await get(`/api/app/user/setHeader/${index}`, player.token);
      expect(response.statusCode, String(index)).toBe(200);
      expect(response.json()).toEqual({ status: 200, message: '', data: null });
      expect((await get('/api/app/user/userInfo', player.token)).json().data.header).toBe(index);
    }
  });

  it('setHeader refuses 36, -1 and non-numbers with a 400 naming the field, and keeps the avatar', async () => {
    const player = await registerPlayer(test);
    await get('/api/app/user/setHeader/9', player.token);
    for (const bad of ['36', '-1', 'abc', '2.5']) {
      const response = await get(`/api/app/user/setHeader/${bad}`, player.token);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().status).toBe(400);
      expect(response.json().message, bad).toContain('index');
    }
    expect((await get('/api/app/user/userInfo', player.token)).json().data.header).toBe(9);
  });

  it('getUserTest answers 500/1403 for a normal player', async () => {
    const player = await registerPlayer(test);
    const response = await get('/api/app/user/getUserTest', player.token);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 1403, message: 'Esta não é uma conta de teste', data: null });
    const en = await get('/api/app/user/getUserTest', player.token, { lang: 'en_US' });
    expect(en.json().message).toBe('This is not a test account');
  });

  it('getUserTest answers the credentials of a test account, and userInfo flags it', async () => {
    const player = await registerPlayer(test);
    await test.ctx.db
      .updateTable('users')
      .set({ test_flag: true, test_password: 'mostrada123' })
      .where('username', '=', player.username)
      .execute();
    const response = await get('/api/app/user/getUserTest', player.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ username: player.username, pwd: 'mostrada123', balance: 0 });
    const info = (await get('/api/app/user/userInfo', player.token)).json().data;
    expect(info.testFlag).toBe('1');
    expect(info.extendInfo).toEqual({ username: player.username, pwd: 'mostrada123', balance: 0 });
  });

  it('userGift answers 0 when no award waits', async () => {
    const player = await registerPlayer(test);
    const response = await get('/api/app/main/userGift', player.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 200, message: '', data: 0 });
  });

  it('getPrices answers the BRL packages by default and the INSBRL ones on request, sorted by sort', async () => {
    const player = await registerPlayer(test);
    const brl = (await get('/api/app/order/getPrices', player.token)).json();
    expect(brl.status).toBe(200);
    expect(brl.data.length).toBeGreaterThan(0);
    expect(brl.data.every((pkg: { curreny: string }) => pkg.curreny === 'BRL')).toBe(true);
    expect(brl.data.some((pkg: { price: number }) => pkg.price === 100)).toBe(true);
    const info = (await get('/api/app/user/userInfo', player.token)).json().data;
    expect(info.paypackage).toEqual(brl.data);

    const ins = (await get('/api/app/order/getPrices?curreny=INSBRL', player.token)).json();
    expect(ins.status).toBe(200);
    expect(ins.data.length).toBeGreaterThan(0);
    expect(ins.data.every((pkg: { curreny: string }) => pkg.curreny === 'INSBRL')).toBe(true);
    const sorts = ins.data.map((pkg: { sort: number }) => pkg.sort);
    expect(sorts).toEqual([...sorts].sort((a: number, b: number) => a - b));
    expect(ins.data).not.toEqual(brl.data);
  });

  it('getPrices refuses an unknown curreny with a 400 naming it', async () => {
    const player = await registerPlayer(test);
    const response = await get('/api/app/order/getPrices?curreny=XYZ', player.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 400,
      message: 'Campo "curreny" inválido: valor não permitido',
      data: null,
    });
  });

  it('main/main lists the seven in-house games under SELF, publicly, with stop from the catalogue', async () => {
    const response = await get('/api/app/main/main');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    const records = data.SELF.records as {
      value: string;
      productCode: string;
      gameType: string;
      stop: boolean;
      name: string;
      icon: string;
    }[];
    expect(records.map((game) => game.value)).toEqual(SELF_GAMES);
    for (const game of records) {
      expect(game.productCode).toBe('SELF');
      expect(game.gameType).toBe(game.value);
      expect(game.stop).toBe(false);
      expect(typeof game.name).toBe('string');
      expect(game.name.length).toBeGreaterThan(0);
      expect(typeof game.icon).toBe('string');
    }

    await test.ctx.db.updateTable('game_catalog').set({ stop: true }).where('code', '=', 'limbo').execute();
    try {
      const after = (await get('/api/app/main/main')).json().data;
      const limbo = after.SELF.records.find((game: { value: string }) => game.value === 'limbo');
      expect(limbo.stop).toBe(true);
      expect(after.SELF.records.filter((game: { stop: boolean }) => game.stop)).toHaveLength(1);
    } finally {
      await test.ctx.db
        .updateTable('game_catalog')
        .set({ stop: false })
        .where('code', '=', 'limbo')
        .execute();
    }
  });

  it('inPlay answers null, and stopGame answers null', async () => {
    const player = await registerPlayer(test);
    expect((await get('/api/app/game/inPlay', player.token)).json()).toEqual({
      status: 200,
      message: '',
      data: null,
    });
    expect((await get('/api/app/game/stopGame', player.token)).json()).toEqual({
      status: 200,
      message: '',
      data: null,
    });
  });

  it('every player route answers 401/40101 without a token', async () => {
    for (const url of [
      '/api/app/user/userInfo',
      '/api/app/user/getBalance',
      '/api/app/user/setHeader/1',
      '/api/app/user/getUserTest',
      '/api/app/main/userGift',
      '/api/app/order/getPrices',
      '/api/app/game/inPlay',
      '/api/app/game/stopGame',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().status, url).toBe(40101);
    }
  });
});
