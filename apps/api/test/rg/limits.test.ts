import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundPlayer } from '../games/fund.ts';
import { ledgerRows } from '../games/helpers.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { balances, call, deposit, newPlayer, type Player, packageOf } from '../wallet/helpers.ts';
import { advanceClock, diceBet, HOUR, MINUTE, resetClock } from './helpers.ts';

const PERIODS = ['day', 'week', 'month'] as const;
const PERIOD_WORD = { day: 'diário', week: 'semanal', month: 'mensal' } as const;

/**
 * Player limits (api-contract section 17): deposit, loss and stake per day, week and month, each crossed by one
 * centavo; a refusal is a 409 naming the limit and moves nothing; raises and removals wait 24 h.
 */
describe(`responsible-gambling limits (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterEach(() => resetClock());
  afterAll(async () => test.close());

  const setLimits = (player: Player, body: Record<string, unknown>) =>
    call(test, 'POST', '/api/app/rg/limits', player.token, body);
  const getLimits = async (player: Player) => {
    const answer = await call(test, 'GET', '/api/app/rg/limits', player.token);
    expect(answer.http).toBe(200);
    return answer.data;
  };

  it('starts with no limits and the default 60-minute reality check', async () => {
    const player = await newPlayer(test);
    expect(await getLimits(player)).toEqual({
      deposit: { day: null, week: null, month: null },
      loss: { day: null, week: null, month: null },
      stake: { day: null, week: null, month: null },
      sessionMinutes: null,
      realityCheckMinutes: 60,
      pending: [],
    });
  });

  for (const period of PERIODS) {
    it(`deposit limit per ${period}: one centavo over is a 409 naming it, and no order is written`, async () => {
      const player = await newPlayer(test);
      expect((await setLimits(player, { deposit: { [period]: 100 } })).http).toBe(200);
      await deposit(test, player, 60_00n);
      const over = await call(
        test,
        'POST',
        `/api/app/order/prePay/${await packageOf(test, 40_01n)}`,
        player.token,
        {
          gift: '0',
        },
      );
      expect(over).toMatchObject({ http: 409, status: 409 });
      expect(over.message).toBe(`Limite ${PERIOD_WORD[period]} de depósito atingido (R$ 100,00)`);
      const orders = await test.ctx.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', player.userId)
        .execute();
      expect(orders).toHaveLength(1);
      // Exactly at the limit is allowed; an open order counts until it is paid, cancelled or expired.
      const atLimit = await call(
        test,
        'POST',
        `/api/app/order/prePay/${await packageOf(test, 40_00n)}`,
        player.token,
        {
          gift: '0',
        },
      );
      expect(atLimit.http, atLimit.message).toBe(200);
      const more = await call(
        test,
        'POST',
        `/api/app/order/prePay/${await packageOf(test, 1n)}`,
        player.token,
        {
          gift: '0',
        },
      );
      expect(more.http).toBe(409);
    });

    it(`stake limit per ${period}: one centavo over is refused before anything moves`, async () => {
      const player = await newPlayer(test);
      await fundPlayer(test, player.token, 100_00n);
      expect((await setLimits(player, { stake: { [period]: '10.00' } })).http).toBe(200);
      // Dice takes stakes from 0,10: 9,90 then 0,11 crosses 10,00 by one centavo.
      expect((await diceBet(test, player, '9.90', 'win')).http).toBe(200);
      const before = await balances(test, player);
      const rows = await ledgerRows(test, { token: player.token, userId: player.userId });
      const over = await diceBet(test, player, '0.11', 'lose');
      expect(over).toMatchObject({ http: 409, status: 409 });
      expect(over.message).toBe(`Limite ${PERIOD_WORD[period]} de apostas atingido (R$ 10,00)`);
      expect(await balances(test, player)).toEqual(before);
      expect(await ledgerRows(test, { token: player.token, userId: player.userId })).toBe(rows);
      expect((await diceBet(test, player, '0.10', 'lose')).http).toBe(200);
    });

    it(`loss limit per ${period}: stakes less winnings of the period, one centavo over is refused`, async () => {
      const player = await newPlayer(test);
      await fundPlayer(test, player.token, 100_00n);
      expect((await setLimits(player, { loss: { [period]: 10 } })).http).toBe(200);
      expect((await diceBet(test, player, '9.90', 'lose')).http).toBe(200);
      const over = await diceBet(test, player, '0.11', 'lose');
      expect(over).toMatchObject({ http: 409, status: 409 });
      expect(over.message).toBe(`Limite ${PERIOD_WORD[period]} de perdas atingido (R$ 10,00)`);
      expect((await diceBet(test, player, '0.10', 'lose')).http).toBe(200);
    });

    it(`loss limit per ${period}: winnings of the period give room again`, async () => {
      const player = await newPlayer(test);
      await fundPlayer(test, player.token, 100_00n);
      const won = await diceBet(test, player, '1.00', 'win');
      const winCents = Math.round(won.data.payout * 100) - 100;
      expect(winCents).toBeGreaterThan(0);
      expect((await setLimits(player, { loss: { [period]: 1 } })).http).toBe(200);
      expect((await diceBet(test, player, '1.00', 'lose')).http).toBe(200);
      // The period's result is now winCents − 1,00: a stake may still lose winCents and no more.
      const over = await diceBet(test, player, ((winCents + 1) / 100).toFixed(2), 'lose');
      expect(over.http).toBe(409);
      expect((await diceBet(test, player, (winCents / 100).toFixed(2), 'lose')).http).toBe(200);
    });
  }

  it('a lower limit applies at once; a raise or a removal waits 24 h, shown as pending', async () => {
    const player = await newPlayer(test);
    await setLimits(player, { deposit: { day: 100 }, sessionMinutes: 60 });
    const raised = await setLimits(player, { deposit: { day: 200, week: 500 }, sessionMinutes: null });
    expect(raised.http).toBe(200);
    // The week limit is new (stricter than none): at once. The day raise and the session removal wait.
    expect(raised.data.deposit).toEqual({ day: 100, week: 500, month: null });
    expect(raised.data.sessionMinutes).toBe(60);
    const now = Date.now();
    expect(raised.data.pending).toHaveLength(2);
    for (const change of raised.data.pending) {
      expect(change.effectiveAt).toBeGreaterThan(now + 24 * HOUR - MINUTE);
      expect(change.effectiveAt).toBeLessThanOrEqual(now + 24 * HOUR + MINUTE);
    }
    expect(
      raised.data.pending.map((p: { kind: string; value: unknown }) => [p.kind, p.value]).sort(),
    ).toEqual([
      ['deposit', 200],
      ['sessionMinutes', null],
    ]);
    // Still the old limit an hour before the end.
    advanceClock(23 * HOUR);
    expect((await getLimits(player)).deposit.day).toBe(100);
    advanceClock(HOUR + MINUTE);
    const later = await getLimits(player);
    expect(later.deposit.day).toBe(200);
    expect(later.sessionMinutes).toBeNull();
    expect(later.pending).toEqual([]);
    // A lower value applies at once and drops what was pending.
    await setLimits(player, { deposit: { day: 300 } });
    const lowered = await setLimits(player, { deposit: { day: 50 } });
    expect(lowered.data.deposit.day).toBe(50);
    expect(lowered.data.pending).toEqual([]);
  });

  it('a raised deposit limit is enforced at its old value until the 24 h have passed', async () => {
    const player = await newPlayer(test);
    await setLimits(player, { deposit: { day: 10 } });
    await setLimits(player, { deposit: { day: 1000 } });
    const pkg = await packageOf(test, 20_00n);
    expect((await call(test, 'POST', `/api/app/order/prePay/${pkg}`, player.token, { gift: '0' })).http).toBe(
      409,
    );
    advanceClock(24 * HOUR + MINUTE);
    expect((await call(test, 'POST', `/api/app/order/prePay/${pkg}`, player.token, { gift: '0' })).http).toBe(
      200,
    );
  });

  it('refuses bad values with 400 and changes nothing', async () => {
    const player = await newPlayer(test);
    for (const body of [
      { deposit: { day: -1 } },
      { deposit: { day: '1.001' } },
      { stake: { week: 0 } },
      { sessionMinutes: 2 },
      { realityCheckMinutes: 2000 },
    ]) {
      const answer = await setLimits(player, body);
      expect(answer.http, JSON.stringify(body)).toBe(400);
    }
    expect((await getLimits(player)).deposit.day).toBeNull();
  });

  it('session limit: a stake after the chosen minutes of play is refused until a 30-minute break', async () => {
    const player = await newPlayer(test);
    await fundPlayer(test, player.token, 10_00n);
    await setLimits(player, { sessionMinutes: 20 });
    expect((await diceBet(test, player, '0.10', 'win')).http).toBe(200);
    advanceClock(19 * MINUTE);
    expect((await diceBet(test, player, '0.10', 'win')).http).toBe(200);
    advanceClock(MINUTE);
    const over = await diceBet(test, player, '0.10', 'win');
    expect(over).toMatchObject({ http: 409, status: 409 });
    expect(over.message).toBe(
      'Limite de sessão de 20 minutos atingido: faça uma pausa de 30 minutos antes de jogar de novo',
    );
    advanceClock(31 * MINUTE);
    expect((await diceBet(test, player, '0.10', 'win')).http).toBe(200);
  });

  it('answers in the caller language', async () => {
    const player = await newPlayer(test);
    await fundPlayer(test, player.token, 10_00n);
    await setLimits(player, { stake: { day: 1 } });
    const answer = await call(
      test,
      'POST',
      '/api/app/game/dice/bet',
      player.token,
      { amount: 2, target: 50, direction: 'under' },
      { lang: 'en_US' },
    );
    expect(answer.message).toBe('Daily stake limit reached (R$ 1.00)');
  });
});
