import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evoSignature } from '../../src/modules/slots/slots.rules.ts';
import { auth } from '../harness.ts';
import {
  balances,
  expectLedgerClean,
  launchedPlayer,
  type SlotPlayer,
  slotsApp,
  uniqueId,
} from './helpers.ts';

/**
 * Evoplay's callbacks against the studio's EVO client (docs/providers/evo.md): init, bet, win and refund, each
 * signed with the MD5 scheme, keyed by callback_id, money as decimal text in reais. The ledger reconciles after
 * each case.
 */
describe('Evoplay callbacks', () => {
  let test: Awaited<ReturnType<typeof slotsApp>>;
  beforeAll(async () => {
    test = await slotsApp();
  });
  afterAll(async () => {
    await expectLedgerClean(test);
    await test.close();
  });

  const money = (
    player: SlotPlayer,
    name: 'bet' | 'win',
    roundRef: string,
    amountCents: bigint,
    input: { callbackId?: string; final?: boolean; unsigned?: boolean } = {},
  ) =>
    test.clients.evo.money(
      name,
      player.session,
      input.callbackId ?? uniqueId(name),
      { roundRef, amountCents, final: input.final ?? name === 'win' },
      { unsigned: input.unsigned },
    );
  const refund = (
    player: SlotPlayer,
    target: string,
    roundRef: string,
    amountCents: bigint,
    callbackId = uniqueId('refund'),
  ) => test.clients.evo.refund(player.session, callbackId, { callbackId: target, roundRef, amountCents });

  it('answers init with the balance as decimal text, then takes a bet and pays a win', async () => {
    const player = await launchedPlayer(test, 'EVO', 15_00n);
    const init = await test.clients.evo.call('init', player.session, uniqueId('init'), {});
    expect(init.body).toEqual({ status: 'ok', data: { balance: '15.00', currency: 'BRL' } });
    const round = uniqueId('round');
    expect((await money(player, 'bet', round, 2_50n)).balanceCents).toBe(12_50n);
    expect((await money(player, 'win', round, 7_25n)).balanceCents).toBe(19_75n);
    expect(await balances(test, player.token)).toEqual({ cashCents: 19_75n, bonusCents: 0n });
    await expectLedgerClean(test);
  });

  it('moves money once for 10 concurrent copies of one bet callback', async () => {
    const player = await launchedPlayer(test, 'EVO', 10_00n);
    const round = uniqueId('round');
    const callbackId = uniqueId('bet');
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => money(player, 'bet', round, 1_00n, { callbackId, final: false })),
    );
    expect(replies.every((reply) => reply.ok && reply.balanceCents === 9_00n)).toBe(true);
    expect(await balances(test, player.token)).toEqual({ cashCents: 9_00n, bonusCents: 0n });
    await money(player, 'win', round, 0n);
    await expectLedgerClean(test);
  });

  it('refunds a bet once and refuses the win of its round afterwards', async () => {
    const player = await launchedPlayer(test, 'EVO', 10_00n);
    const round = uniqueId('round');
    const betId = uniqueId('bet');
    await money(player, 'bet', round, 6_00n, { callbackId: betId, final: false });
    const replies = await Promise.all(Array.from({ length: 10 }, () => refund(player, betId, round, 6_00n)));
    expect(replies.every((reply) => reply.ok && reply.balanceCents === 10_00n)).toBe(true);
    const late = await money(player, 'win', round, 20_00n);
    expect(late).toMatchObject({ ok: false, error: 'Round was refunded' });
    expect(await balances(test, player.token)).toEqual({ cashCents: 10_00n, bonusCents: 0n });
    await expectLedgerClean(test);
  });

  it('refuses a refund of a bet whose round already paid a win, moving nothing', async () => {
    const player = await launchedPlayer(test, 'EVO', 10_00n);
    const round = uniqueId('round');
    const betId = uniqueId('bet');
    await money(player, 'bet', round, 6_00n, { callbackId: betId, final: false });
    expect((await money(player, 'win', round, 8_00n, { final: false })).balanceCents).toBe(12_00n);
    const refused = await refund(player, betId, round, 6_00n);
    expect(refused.body).toEqual({
      status: 'error',
      error: { scope: 'internal', no_refund: '1', message: 'Round is finished' },
    });
    expect(await balances(test, player.token)).toEqual({ cashCents: 12_00n, bonusCents: 0n });
    await money(player, 'win', round, 0n, { final: true });
    expect(await refund(player, betId, round, 6_00n)).toMatchObject({
      ok: false,
      error: 'Round is finished',
    });
    expect(await balances(test, player.token)).toEqual({ cashCents: 12_00n, bonusCents: 0n });
    await expectLedgerClean(test);
  });

  it('remembers a refund that arrives before its bet and refuses the late bet', async () => {
    const player = await launchedPlayer(test, 'EVO', 10_00n);
    const round = uniqueId('round');
    const betId = uniqueId('bet');
    expect((await refund(player, betId, round, 3_00n)).ok).toBe(true);
    const late = await money(player, 'bet', round, 3_00n, { callbackId: betId, final: false });
    expect(late).toMatchObject({ ok: false, error: 'Bet was refunded' });
    expect(await balances(test, player.token)).toEqual({ cashCents: 10_00n, bonusCents: 0n });
  });

  it('refuses a win for an unknown round, and a bet larger than the balance (with no refund to follow)', async () => {
    const player = await launchedPlayer(test, 'EVO', 1_00n);
    expect(await money(player, 'win', uniqueId('nowhere'), 5_00n)).toMatchObject({
      ok: false,
      error: 'Round not found',
    });
    const short = await money(player, 'bet', uniqueId('round'), 1_01n);
    expect(short.body).toEqual({
      status: 'error',
      error: { scope: 'user', no_refund: '1', message: 'Not enough money' },
    });
    expect(await balances(test, player.token)).toEqual({ cashCents: 1_00n, bonusCents: 0n });
  });

  it('refuses a bad signature, an expired session and a closed one, moving nothing', async () => {
    const player = await launchedPlayer(test, 'EVO', 5_00n);
    expect(await money(player, 'bet', uniqueId('round'), 1_00n, { unsigned: true })).toMatchObject({
      ok: false,
      error: 'Signature is invalid',
    });
    await test.ctx.db
      .updateTable('slot_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token', '=', player.session)
      .execute();
    expect(await money(player, 'bet', uniqueId('round'), 1_00n)).toMatchObject({
      ok: false,
      error: 'Session is expired',
    });
    const other = await launchedPlayer(test, 'EVO', 5_00n);
    await test.app.inject({ url: '/api/app/game/stopGame', headers: auth(other.token) });
    expect(await money(other, 'bet', uniqueId('round'), 1_00n)).toMatchObject({
      ok: false,
      error: 'Session is closed',
    });
    expect(await balances(test, player.token)).toEqual({ cashCents: 5_00n, bonusCents: 0n });
    expect(await balances(test, other.token)).toEqual({ cashCents: 5_00n, bonusCents: 0n });
  });

  it('stakes bonus money when cash is short; a refund returns it to the bonus', async () => {
    const player = await launchedPlayer(test, 'EVO', 0n + 50n, 2_00n);
    const round = uniqueId('round');
    const betId = uniqueId('bet');
    await money(player, 'bet', round, 1_50n, { callbackId: betId, final: false });
    expect(await balances(test, player.token)).toEqual({ cashCents: 0n, bonusCents: 1_00n });
    await refund(player, betId, round, 1_50n);
    expect(await balances(test, player.token)).toEqual({ cashCents: 50n, bonusCents: 2_00n });
    await expectLedgerClean(test);
  });

  it('checks the signature over the amounts as they were written: a JSON number 1.50 is signed as "1.50"', async () => {
    const player = await launchedPlayer(test, 'EVO', 5_00n);
    const { projectId, version, secretKey } = test.ctx.config.slots.evo;
    const callbackId = uniqueId('bet');
    // What Evoplay's server signs is its own text of the value; a parsed 1.5 would print without the zero.
    const data = `{"round_id":"r-150","action_id":"${callbackId}","final_action":0,"amount":1.50,"currency":"BRL"}`;
    const signedData = {
      action_id: callbackId,
      amount: '1.50',
      currency: 'BRL',
      final_action: '0',
      round_id: 'r-150',
    };
    const signature = evoSignature(
      projectId,
      version,
      [player.session, callbackId, 'bet', signedData],
      secretKey,
    );
    const reply = await test.app.inject({
      method: 'POST',
      url: '/api/provider/evo/callback',
      headers: { 'content-type': 'application/json' },
      payload: `{"token":"${player.session}","callback_id":"${callbackId}","name":"bet","data":${data},"signature":"${signature}"}`,
    });
    expect(reply.json()).toEqual({ status: 'ok', data: { balance: '3.50', currency: 'BRL' } });
    await refund(player, callbackId, 'r-150', 1_50n);
    expect(await balances(test, player.token)).toEqual({ cashCents: 5_00n, bonusCents: 0n });
  });
});
