import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../harness.ts';
import {
  balances,
  expectLedgerClean,
  launchedPlayer,
  type SlotPlayer,
  slotsApp,
  uniqueId,
  withdrawLock,
} from './helpers.ts';

/**
 * PG Soft's seamless wallet against the studio's PG client (docs/providers/pg.md): VerifySession, Cash/Get and
 * Cash/TransferInOut over HTTP, with the wallet rules of decision 0023. The ledger reconciles after each case.
 */
describe('PG seamless wallet', () => {
  let test: Awaited<ReturnType<typeof slotsApp>>;
  beforeAll(async () => {
    test = await slotsApp();
  });
  afterAll(async () => {
    await expectLedgerClean(test);
    await test.close();
  });

  const playerName = (player: SlotPlayer) => `p${player.userId}`;
  const spin = (
    player: SlotPlayer,
    input: {
      betCents: bigint;
      winCents: bigint;
      roundRef?: string;
      transactionId?: string;
      endRound?: boolean;
    },
    options?: { unsigned?: boolean },
  ) => {
    const transactionId = input.transactionId ?? uniqueId('tx');
    return test.clients.pg.transferInOut(
      {
        token: player.session,
        playerName: playerName(player),
        gameId: player.game,
        roundRef: input.roundRef ?? transactionId,
        transactionId,
        betCents: input.betCents,
        winCents: input.winCents,
        endRound: input.endRound ?? true,
      },
      options,
    );
  };

  it('verifies the session and answers the balance in reais', async () => {
    const player = await launchedPlayer(test, 'PG', 12_34n);
    const verified = await test.clients.pg.verifySession(player.session, player.game);
    expect(verified.ok).toBe(true);
    expect(verified.body).toMatchObject({
      data: { player_name: playerName(player), currency: 'BRL' },
      error: null,
    });
    const balance = await test.clients.pg.balance(player.session, playerName(player), player.game);
    expect(balance.balanceCents).toBe(12_34n);
    await expectLedgerClean(test);
  });

  it('takes the bet and pays the win of a spin in one call; the header balance follows', async () => {
    const player = await launchedPlayer(test, 'PG', 10_00n);
    const reply = await spin(player, { betCents: 2_00n, winCents: 5_50n });
    expect(reply.ok).toBe(true);
    expect(reply.balanceCents).toBe(13_50n);
    expect(await balances(test, player.token)).toEqual({ cashCents: 13_50n, bonusCents: 0n });
    const losing = await spin(player, { betCents: 3_50n, winCents: 0n });
    expect(losing.balanceCents).toBe(10_00n);
    // The records list the rounds, newest first, with what was staked and won.
    const rounds = await test.app.inject({ url: '/api/app/game/slotRounds', headers: auth(player.token) });
    expect(rounds.json().data).toMatchObject({
      total: 2,
      records: [
        { productCode: 'PG', game: player.game, name: 'PG Test A', amount: 3.5, payout: 0, status: 'closed' },
        { amount: 2, payout: 5.5, status: 'closed' },
      ],
    });
    await expectLedgerClean(test);
  });

  it('moves money once for 10 concurrent copies of one transaction, and each copy answers the first answer', async () => {
    const player = await launchedPlayer(test, 'PG', 10_00n);
    const transactionId = uniqueId('dup');
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => spin(player, { betCents: 1_00n, winCents: 30n, transactionId })),
    );
    expect(replies.every((reply) => reply.ok)).toBe(true);
    expect(new Set(replies.map((reply) => reply.balanceCents))).toEqual(new Set([9_30n]));
    expect(await balances(test, player.token)).toEqual({ cashCents: 9_30n, bonusCents: 0n });
    // A resend to verify (is_validate_bet) is answered the same and moves nothing either.
    const resend = await test.clients.pg.transferInOut({
      token: player.session,
      playerName: playerName(player),
      gameId: player.game,
      roundRef: transactionId,
      transactionId,
      betCents: 1_00n,
      winCents: 30n,
      endRound: true,
      validate: true,
    });
    expect(resend.balanceCents).toBe(9_30n);
    await expectLedgerClean(test);
  });

  it('answers 3202 when funds are short and moves nothing', async () => {
    const player = await launchedPlayer(test, 'PG', 1_00n);
    const reply = await spin(player, { betCents: 1_01n, winCents: 0n });
    expect(reply).toMatchObject({ ok: false, error: '3202' });
    expect(await balances(test, player.token)).toEqual({ cashCents: 1_00n, bonusCents: 0n });
    const rounds = await test.ctx.db
      .selectFrom('slot_rounds')
      .select('id')
      .where('user_id', '=', player.userId)
      .execute();
    expect(rounds).toEqual([]);
  });

  it('refuses wrong operator credentials and moves nothing', async () => {
    const player = await launchedPlayer(test, 'PG', 5_00n);
    const reply = await spin(player, { betCents: 1_00n, winCents: 0n }, { unsigned: true });
    expect(reply).toMatchObject({ ok: false, error: '1204' });
    expect(await balances(test, player.token)).toEqual({ cashCents: 5_00n, bonusCents: 0n });
  });

  it('refuses a spin on an expired session and on a closed one (stopGame)', async () => {
    const expired = await launchedPlayer(test, 'PG', 5_00n);
    await test.ctx.db
      .updateTable('slot_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token', '=', expired.session)
      .execute();
    expect(await spin(expired, { betCents: 1_00n, winCents: 0n })).toMatchObject({
      ok: false,
      error: '1302',
    });

    const closed = await launchedPlayer(test, 'PG', 5_00n);
    const stop = await test.app.inject({ url: '/api/app/game/stopGame', headers: auth(closed.token) });
    expect(stop.json()).toMatchObject({ status: 200, data: null });
    expect(await spin(closed, { betCents: 1_00n, winCents: 0n })).toMatchObject({ ok: false, error: '1300' });
    expect(await balances(test, closed.token)).toEqual({ cashCents: 5_00n, bonusCents: 0n });
  });

  it('refuses a free-spin win for an unknown round', async () => {
    const player = await launchedPlayer(test, 'PG', 5_00n);
    const reply = await spin(player, { betCents: 0n, winCents: 2_00n, roundRef: uniqueId('nowhere') });
    expect(reply).toMatchObject({ ok: false, error: '3021' });
    expect(await balances(test, player.token)).toEqual({ cashCents: 5_00n, bonusCents: 0n });
  });

  it('pays free spins into the trigger round; the withdrawal is locked while that round is open', async () => {
    const player = await launchedPlayer(test, 'PG', 10_00n);
    const roundRef = uniqueId('round');
    await spin(player, { betCents: 1_00n, winCents: 0n, roundRef, transactionId: roundRef, endRound: false });
    expect(await withdrawLock(test, player.token)).toBe(true);
    const inPlay = await test.app.inject({ url: '/api/app/game/inPlay', headers: auth(player.token) });
    expect(inPlay.json().data).toMatchObject({ productCode: 'PG', value: player.game, name: 'PG Test A' });
    await spin(player, { betCents: 0n, winCents: 40n, roundRef, endRound: false });
    const last = await spin(player, { betCents: 0n, winCents: 60n, roundRef, endRound: true });
    expect(last.balanceCents).toBe(10_00n);
    expect(await withdrawLock(test, player.token)).toBe(false);
    // The round is over: a further win for it is refused.
    expect(await spin(player, { betCents: 0n, winCents: 60n, roundRef })).toMatchObject({
      ok: false,
      error: '3021',
    });
    await expectLedgerClean(test);
  });

  it('a round the provider leaves open longer than a session lasts stops locking the withdrawal; its win still pays', async () => {
    const player = await launchedPlayer(test, 'PG', 10_00n);
    const roundRef = uniqueId('round');
    await spin(player, { betCents: 2_00n, winCents: 0n, roundRef, transactionId: roundRef, endRound: false });
    expect(await withdrawLock(test, player.token)).toBe(true);
    // The round began a minute more than a session's lifetime ago and PG never ended it.
    const ttl = test.ctx.config.slots.sessionTtlMinutes;
    await test.ctx.db
      .updateTable('slot_rounds')
      .set({ created_at: new Date(Date.now() - (ttl + 1) * 60_000) })
      .where('round_ref', '=', roundRef)
      .execute();
    expect(await withdrawLock(test, player.token)).toBe(false);
    // Still open for PG to settle: its late win is paid.
    const late = await spin(player, { betCents: 0n, winCents: 5_00n, roundRef, endRound: true });
    expect(late.balanceCents).toBe(13_00n);
    await expectLedgerClean(test);
  });

  it('keeps an open round open when the player leaves: no refund, its later win is paid once', async () => {
    const player = await launchedPlayer(test, 'PG', 10_00n);
    const roundRef = uniqueId('round');
    await spin(player, { betCents: 4_00n, winCents: 0n, roundRef, transactionId: roundRef, endRound: false });
    expect(await balances(test, player.token)).toEqual({ cashCents: 6_00n, bonusCents: 0n });
    await test.app.inject({ url: '/api/app/game/stopGame', headers: auth(player.token) });
    expect(await balances(test, player.token)).toEqual({ cashCents: 6_00n, bonusCents: 0n });
    expect(await withdrawLock(test, player.token)).toBe(true);
    // A new bet on the closed session is refused; the round's free-spin win and its end still settle.
    expect(await spin(player, { betCents: 1_00n, winCents: 0n, roundRef })).toMatchObject({
      ok: false,
      error: '1300',
    });
    const transactionId = uniqueId('tx');
    const late = await spin(player, { betCents: 0n, winCents: 9_00n, roundRef, transactionId });
    expect(late).toMatchObject({ ok: true, balanceCents: 15_00n });
    expect(
      (await spin(player, { betCents: 0n, winCents: 9_00n, roundRef, transactionId })).balanceCents,
    ).toBe(15_00n);
    expect(await balances(test, player.token)).toEqual({ cashCents: 15_00n, bonusCents: 0n });
    expect(await withdrawLock(test, player.token)).toBe(false);
    await expectLedgerClean(test);
  });

  it('pays the win of a round opened before the session expired', async () => {
    const player = await launchedPlayer(test, 'PG', 10_00n);
    const roundRef = uniqueId('round');
    await spin(player, { betCents: 2_00n, winCents: 0n, roundRef, transactionId: roundRef, endRound: false });
    await test.ctx.db
      .updateTable('slot_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token', '=', player.session)
      .execute();
    expect(await spin(player, { betCents: 0n, winCents: 5_00n, roundRef })).toMatchObject({
      ok: true,
      balanceCents: 13_00n,
    });
    expect(
      await spin(player, { betCents: 0n, winCents: 5_00n, roundRef: uniqueId('nowhere') }),
    ).toMatchObject({
      ok: false,
      error: '1302',
    });
    await expectLedgerClean(test);
  });

  it('stakes cash first, then bonus; a win is paid in cash; the stake counts for wagering and the level', async () => {
    const player = await launchedPlayer(test, 'PG', 1_00n, 5_00n);
    const reply = await spin(player, { betCents: 3_00n, winCents: 0n });
    expect(reply.balanceCents).toBe(3_00n);
    expect(await balances(test, player.token)).toEqual({ cashCents: 0n, bonusCents: 3_00n });
    const user = await test.ctx.db
      .selectFrom('users')
      .select(['game_sum_cents'])
      .where('id', '=', player.userId)
      .executeTakeFirstOrThrow();
    expect(user.game_sum_cents).toBe(3_00n);
    await spin(player, { betCents: 1_00n, winCents: 2_00n });
    expect(await balances(test, player.token)).toEqual({ cashCents: 2_00n, bonusCents: 2_00n });
    await expectLedgerClean(test);
  });
});
