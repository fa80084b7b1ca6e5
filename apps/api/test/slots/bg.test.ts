import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BgAction } from '../../src/modules/studio/studio.clients.ts';
import { auth } from '../harness.ts';
import {
  balances,
  expectLedgerClean,
  launchedPlayer,
  offGame,
  type SlotPlayer,
  slotsApp,
  uniqueId,
  withdrawLock,
} from './helpers.ts';

/**
 * BGaming's casino protocol against the studio's BG client (docs/providers/bg.md): `play` with bet and win
 * actions, `rollback`, the X-REQUEST-SIGN HMAC, amounts in centavos, errors as HTTP status + code. The ledger
 * reconciles after each case.
 */
describe('BGaming casino protocol', () => {
  let test: Awaited<ReturnType<typeof slotsApp>>;
  beforeAll(async () => {
    test = await slotsApp();
  });
  afterAll(async () => {
    await expectLedgerClean(test);
    await test.close();
  });

  const play = (
    player: SlotPlayer,
    gameId: string,
    actions: BgAction[],
    finished = true,
    options?: { unsigned?: boolean },
  ) =>
    test.clients.bg.call(
      'play',
      {
        sessionId: player.session,
        userId: `p${player.userId}`,
        game: player.game,
        gameId,
        finished,
        actions,
      },
      options,
    );
  const rollback = (player: SlotPlayer, gameId: string, original: string, actionId = uniqueId('rb')) =>
    test.clients.bg.call('rollback', {
      sessionId: player.session,
      userId: `p${player.userId}`,
      game: player.game,
      gameId,
      finished: true,
      actions: [{ action: 'rollback', action_id: actionId, original_action_id: original }],
    });
  const bet = (amount: number, id = uniqueId('bet')): BgAction => ({ action: 'bet', action_id: id, amount });
  const win = (amount: number, id = uniqueId('win')): BgAction => ({ action: 'win', action_id: id, amount });

  it('answers the balance to a play without actions, and takes a bet and pays a win in one play', async () => {
    const player = await launchedPlayer(test, 'BG', 20_00n);
    const balance = await play(player, '', [], false);
    expect(balance).toMatchObject({ ok: true, balanceCents: 20_00n });
    const round = uniqueId('game');
    const reply = await play(player, round, [bet(5_00), win(12_00)]);
    expect(reply.ok).toBe(true);
    expect(reply.balanceCents).toBe(27_00n);
    const body = reply.body as { game_id: string; transactions: { action_id: string; tx_id: string }[] };
    expect(body.game_id).toBe(round);
    expect(body.transactions).toHaveLength(2);
    expect(await balances(test, player.token)).toEqual({ cashCents: 27_00n, bonusCents: 0n });
    await expectLedgerClean(test);
  });

  it('takes a bet and a later win of the same round in two calls; the withdrawal is locked between them', async () => {
    const player = await launchedPlayer(test, 'BG', 10_00n);
    const round = uniqueId('game');
    expect((await play(player, round, [bet(2_00)], false)).balanceCents).toBe(8_00n);
    expect(await withdrawLock(test, player.token)).toBe(true);
    expect((await play(player, round, [win(3_00)], true)).balanceCents).toBe(11_00n);
    expect(await withdrawLock(test, player.token)).toBe(false);
    await expectLedgerClean(test);
  });

  it('moves money once for 10 concurrent copies of one play, each answering the first answer', async () => {
    const player = await launchedPlayer(test, 'BG', 10_00n);
    const round = uniqueId('game');
    const actions = [bet(1_00), win(50)];
    const replies = await Promise.all(Array.from({ length: 10 }, () => play(player, round, actions)));
    expect(replies.every((reply) => reply.ok)).toBe(true);
    expect(new Set(replies.map((reply) => reply.balanceCents))).toEqual(new Set([9_50n]));
    const txIds = new Set(
      replies.map((reply) =>
        JSON.stringify(
          (reply.body as { transactions: { tx_id: string }[] }).transactions.map((t) => t.tx_id),
        ),
      ),
    );
    expect(txIds.size).toBe(1);
    expect(await balances(test, player.token)).toEqual({ cashCents: 9_50n, bonusCents: 0n });
    await expectLedgerClean(test);
  });

  it('returns a rolled-back bet once (10 concurrent copies, and a second rollback of it), then refuses its win', async () => {
    const player = await launchedPlayer(test, 'BG', 10_00n);
    const round = uniqueId('game');
    const theBet = bet(4_00);
    await play(player, round, [theBet], false);
    const rollbackId = uniqueId('rb');
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => rollback(player, round, theBet.action_id, rollbackId)),
    );
    expect(replies.every((reply) => reply.ok && reply.balanceCents === 10_00n)).toBe(true);
    expect((await rollback(player, round, theBet.action_id)).balanceCents).toBe(10_00n);
    expect(await balances(test, player.token)).toEqual({ cashCents: 10_00n, bonusCents: 0n });
    const late = await play(player, round, [win(9_00)]);
    expect(late).toMatchObject({ ok: false, status: 412, error: '107' });
    expect(await balances(test, player.token)).toEqual({ cashCents: 10_00n, bonusCents: 0n });
    await expectLedgerClean(test);
  });

  it('remembers a rollback that arrives before its bet and refuses the late bet', async () => {
    const player = await launchedPlayer(test, 'BG', 10_00n);
    const round = uniqueId('game');
    const theBet = bet(3_00);
    const early = await rollback(player, round, theBet.action_id);
    expect(early).toMatchObject({ ok: true, balanceCents: 10_00n });
    const late = await play(player, round, [theBet], false);
    expect(late).toMatchObject({ ok: false, status: 412, error: '107' });
    expect(await balances(test, player.token)).toEqual({ cashCents: 10_00n, bonusCents: 0n });
    await expectLedgerClean(test);
  });

  it('holds the back office: a bet above the game maximum is 412/106, a stopped game takes no new bets', async () => {
    const player = await launchedPlayer(test, 'BG', 5_000_00n);
    await test.ctx.db
      .updateTable('game_catalog')
      .set({ bet_max_cents: 10_00n })
      .where('code', '=', player.game)
      .execute();
    expect(await play(player, uniqueId('game'), [bet(10_01)])).toMatchObject({
      ok: false,
      status: 412,
      error: '106',
    });
    expect((await play(player, uniqueId('game'), [bet(10_00)])).ok).toBe(true);
    await test.ctx.db
      .updateTable('game_catalog')
      .set({ stop: true, bet_max_cents: 1_000_00n })
      .where('code', '=', player.game)
      .execute();
    try {
      expect(await play(player, uniqueId('game'), [bet(1_00)])).toMatchObject({
        ok: false,
        status: 412,
        error: '107',
      });
    } finally {
      await test.ctx.db
        .updateTable('game_catalog')
        .set({ stop: false })
        .where('code', '=', player.game)
        .execute();
    }
    expect(await balances(test, player.token)).toEqual({ cashCents: 4_990_00n, bonusCents: 0n });
    await expectLedgerClean(test);
  });

  it('refuses a win for an unknown round', async () => {
    const player = await launchedPlayer(test, 'BG', 1_00n);
    const reply = await play(player, uniqueId('nowhere'), [win(5_00)]);
    expect(reply).toMatchObject({ ok: false, status: 412, error: '107' });
    expect(await balances(test, player.token)).toEqual({ cashCents: 1_00n, bonusCents: 0n });
  });

  it("treats another player's round id as unknown, one after the other or both at once: 412/107, nothing moves", async () => {
    const first = await launchedPlayer(test, 'BG', 5_00n);
    const second = await launchedPlayer(test, 'BG', 5_00n);
    const round = uniqueId('shared');
    expect((await play(first, round, [bet(1_00)], false)).ok).toBe(true);
    expect(await play(second, round, [bet(1_00)], false)).toMatchObject({
      ok: false,
      status: 412,
      error: '107',
    });
    expect(await play(second, round, [win(3_00)])).toMatchObject({ ok: false, status: 412, error: '107' });
    // Both players' first bets on a new round id at the same moment: one opens it, the other is refused.
    const [a, b] = [await launchedPlayer(test, 'BG', 5_00n), await launchedPlayer(test, 'BG', 5_00n)];
    const race = uniqueId('race');
    const replies = await Promise.all([play(a, race, [bet(1_00)], false), play(b, race, [bet(1_00)], false)]);
    expect(replies.map((reply) => reply.ok).sort()).toEqual([false, true]);
    expect(replies.find((reply) => !reply.ok)).toMatchObject({ status: 412, error: '107' });
    expect(await balances(test, second.token)).toEqual({ cashCents: 5_00n, bonusCents: 0n });
    await expectLedgerClean(test);
  });

  it('answers 412/100 with the balance when funds are short, and moves nothing of the play', async () => {
    const player = await launchedPlayer(test, 'BG', 2_00n);
    const reply = await play(player, uniqueId('game'), [bet(2_01), win(10_00)]);
    expect(reply).toMatchObject({ ok: false, status: 412, error: '100', balanceCents: 2_00n });
    expect(await balances(test, player.token)).toEqual({ cashCents: 2_00n, bonusCents: 0n });
  });

  it('refuses a bad signature with 403 and an expired or closed session with 412/101', async () => {
    const player = await launchedPlayer(test, 'BG', 5_00n);
    const unsigned = await play(player, uniqueId('game'), [bet(1_00)], true, { unsigned: true });
    expect(unsigned).toMatchObject({ ok: false, status: 403, error: '403' });
    await test.ctx.db
      .updateTable('slot_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token', '=', player.session)
      .execute();
    expect(await play(player, uniqueId('game'), [bet(1_00)])).toMatchObject({
      ok: false,
      status: 412,
      error: '101',
    });

    const other = await launchedPlayer(test, 'BG', 5_00n);
    await test.app.inject({ url: '/api/app/game/stopGame', headers: auth(other.token) });
    expect(await play(other, uniqueId('game'), [bet(1_00)])).toMatchObject({
      ok: false,
      status: 412,
      error: '101',
    });
    expect(await balances(test, player.token)).toEqual({ cashCents: 5_00n, bonusCents: 0n });
    expect(await balances(test, other.token)).toEqual({ cashCents: 5_00n, bonusCents: 0n });
  });

  it('stakes cash first then bonus, and a rollback gives each back where it came from', async () => {
    const player = await launchedPlayer(test, 'BG', 1_00n, 4_00n);
    const round = uniqueId('game');
    const theBet = bet(3_00);
    await play(player, round, [theBet], false);
    expect(await balances(test, player.token)).toEqual({ cashCents: 0n, bonusCents: 2_00n });
    await rollback(player, round, theBet.action_id);
    expect(await balances(test, player.token)).toEqual({ cashCents: 1_00n, bonusCents: 4_00n });
    await expectLedgerClean(test);
  });

  const rollbackMany = (player: SlotPlayer, gameId: string, originals: string[]) =>
    test.clients.bg.call('rollback', {
      sessionId: player.session,
      userId: `p${player.userId}`,
      game: player.game,
      gameId,
      finished: true,
      actions: originals.map((original) => ({
        action: 'rollback' as const,
        action_id: uniqueId('rb'),
        original_action_id: original,
      })),
    });

  it('refuses to roll back a bet whose round paid a win (finished or not): 412/107, nothing moves', async () => {
    const player = await launchedPlayer(test, 'BG', 20_00n);
    const finished = uniqueId('game');
    const theBet = bet(5_00);
    const theWin = win(12_00);
    expect((await play(player, finished, [theBet, theWin])).balanceCents).toBe(27_00n);
    expect(await rollback(player, finished, theBet.action_id)).toMatchObject({
      ok: false,
      status: 412,
      error: '107',
      balanceCents: 27_00n,
    });
    // The whole round rolled back in one request, and its retries: refused every time, the stake stays taken.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const reply = await rollbackMany(player, finished, [theBet.action_id, theWin.action_id]);
      expect(reply.ok).toBe(false);
    }
    const open = uniqueId('game');
    const openBet = bet(2_00);
    await play(player, open, [openBet, win(1_00)], false);
    expect(await rollback(player, open, openBet.action_id)).toMatchObject({ ok: false, error: '107' });
    expect(await balances(test, player.token)).toEqual({ cashCents: 26_00n, bonusCents: 0n });
    await expectLedgerClean(test);
  });

  it('runs all the actions of one rollback request in one transaction: a refused one undoes the others', async () => {
    const player = await launchedPlayer(test, 'BG', 10_00n);
    const paid = uniqueId('game');
    const paidWin = win(3_00);
    await play(player, paid, [bet(1_00), paidWin]);
    const open = uniqueId('game');
    const openBet = bet(4_00);
    await play(player, open, [openBet], false);
    expect(await balances(test, player.token)).toEqual({ cashCents: 8_00n, bonusCents: 0n });
    // The first action alone would return 4.00; the second names a win and is refused: none of it happens.
    const reply = await rollbackMany(player, open, [openBet.action_id, paidWin.action_id]);
    expect(reply).toMatchObject({ ok: false, status: 400 });
    expect(await balances(test, player.token)).toEqual({ cashCents: 8_00n, bonusCents: 0n });
    expect(await withdrawLock(test, player.token)).toBe(true);
    // The bet is still there to be rolled back on its own.
    expect(await rollback(player, open, openBet.action_id)).toMatchObject({ ok: true, balanceCents: 12_00n });
    await expectLedgerClean(test);
  });

  it('leaves an open round to the provider when the player leaves (offGame): its win is paid once, nothing refunded', async () => {
    const player = await launchedPlayer(test, 'BG', 10_00n);
    const round = uniqueId('game');
    await play(player, round, [bet(3_00)], false);
    await offGame(test, player);
    expect(await balances(test, player.token)).toEqual({ cashCents: 7_00n, bonusCents: 0n });
    expect(await withdrawLock(test, player.token)).toBe(true);
    // No new bet on the closed session, not even in the open round.
    expect(await play(player, round, [bet(1_00)], false)).toMatchObject({
      ok: false,
      status: 412,
      error: '101',
    });
    const theWin = win(9_00);
    const replies = await Promise.all(Array.from({ length: 3 }, () => play(player, round, [theWin], true)));
    expect(replies.every((reply) => reply.ok && reply.balanceCents === 16_00n)).toBe(true);
    expect(await balances(test, player.token)).toEqual({ cashCents: 16_00n, bonusCents: 0n });
    expect(await withdrawLock(test, player.token)).toBe(false);
    await expectLedgerClean(test);
  });

  it('pushes insBalance to the player after a callback that moved money', async () => {
    const player = await launchedPlayer(test, 'BG', 5_00n);
    const events: { event: string; payload: unknown }[] = [];
    const hub = test.ctx.realtime;
    const { mayReach, emitToUser } = hub;
    hub.mayReach = async () => true;
    hub.emitToUser = (userId: bigint, event: string, payload: unknown) => {
      if (userId === player.userId) events.push({ event, payload });
    };
    try {
      await play(player, uniqueId('game'), [bet(1_00), win(3_00)]);
    } finally {
      hub.mayReach = mayReach;
      hub.emitToUser = emitToUser;
    }
    expect(events.find((item) => item.event === 'insBalance')?.payload).toEqual({
      balance: 7,
      freeBalance: 0,
      czflag: 0,
    });
  });
});
