import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOperator, type Operator, OWNER, ownerToken } from '../admin/helpers.ts';
import { TEST_DATABASE } from '../harness.ts';
import { call } from '../wallet/helpers.ts';
import {
  expectLedgerClean,
  launchedPlayer,
  type Provider,
  type SlotPlayer,
  slotsApp,
  uniqueId,
} from './helpers.ts';

/**
 * Issue 30, "a hole in what exists": a time-out, a self-exclusion or an operator's block ends every open slot
 * session of the player at once, and a bet sent afterwards with the session token the provider was given at
 * launch is refused in that provider's own words, moving nothing. A state that reaches the database while the
 * session is still open (an exclusion racing the provider's callback) is refused by the stake's own check.
 */
describe(`slot bets after a time-out, a self-exclusion or a block (${TEST_DATABASE})`, () => {
  let test: Awaited<ReturnType<typeof slotsApp>>;
  let risk: Operator;
  beforeAll(async () => {
    test = await slotsApp({ adminUsername: OWNER.username, adminPassword: OWNER.password });
    risk = await newOperator(test, await ownerToken(test), ['risk']);
  });
  afterAll(async () => {
    await expectLedgerClean(test);
    await test.close();
  });

  /** One R$ 10 bet of a new round with the player's launch token, in the provider's own protocol. */
  function bet(provider: Provider, player: SlotPlayer) {
    const round = uniqueId('round');
    if (provider === 'PG')
      return test.clients.pg.transferInOut({
        token: player.session,
        playerName: `p${player.userId}`,
        gameId: player.game,
        roundRef: round,
        transactionId: uniqueId('tx'),
        betCents: 10_00n,
        winCents: 0n,
        endRound: true,
      });
    if (provider === 'EVO')
      return test.clients.evo.money('bet', player.session, uniqueId('bet'), {
        roundRef: round,
        amountCents: 10_00n,
        final: false,
      });
    return test.clients.bg.call('play', {
      sessionId: player.session,
      userId: `p${player.userId}`,
      game: player.game,
      gameId: round,
      finished: false,
      actions: [{ action: 'bet', action_id: uniqueId('bet'), amount: 10_00 }],
    });
  }

  /** Each provider's refusal of a bet on an ended session (docs/providers/*.md). */
  const closedRefusal: Record<Provider, string> = { PG: '1300', EVO: 'Session is closed', BG: '101' };
  /** Each provider's refusal of a player who may not play (a state the session did not see end). */
  const playerRefusal: Record<Provider, string> = { PG: '1300', EVO: 'Player is blocked', BG: '110' };

  const states = {
    'self-exclusion': async (player: SlotPlayer) => {
      const answer = await call(test, 'POST', '/api/app/rg/exclude', player.token, { period: '30d' });
      expect(answer.http, answer.message).toBe(200);
    },
    'time-out': async (player: SlotPlayer) => {
      const answer = await call(test, 'POST', '/api/app/rg/exclude', player.token, { period: '1d' });
      expect(answer.http, answer.message).toBe(200);
    },
    'operator block': async (player: SlotPlayer) => {
      const answer = await call(test, 'POST', `/api/admin/players/${player.userId}/flags`, risk.token, {
        status: 'blocked',
      });
      expect(answer.http, answer.message).toBe(200);
    },
  } as const;

  /** The player's money as the ledger holds it (the player's own token may no longer work). */
  async function heldCents(userId: bigint): Promise<bigint> {
    const rows = await test.ctx.db
      .selectFrom('ledger_accounts')
      .select('balance_cents')
      .where('owner_user_id', '=', userId)
      .where('kind', 'in', ['player_cash', 'player_bonus'])
      .execute();
    return rows.reduce((sum, row) => sum + BigInt(row.balance_cents), 0n);
  }

  for (const provider of ['PG', 'EVO', 'BG'] as const) {
    for (const [state, apply] of Object.entries(states)) {
      it(`${provider}: after a ${state}, three R$ 10 bets with the old session token are refused and move nothing`, async () => {
        const player = await launchedPlayer(test, provider, 50_00n);
        // The session takes bets before.
        expect((await bet(provider, player)).ok).toBe(true);
        await apply(player);
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const reply = await bet(provider, player);
          expect(reply.ok).toBe(false);
          expect(reply.error).toBe(closedRefusal[provider]);
        }
        expect(await heldCents(player.userId)).toBe(40_00n);
        const open = await test.ctx.db
          .selectFrom('slot_sessions')
          .select('id')
          .where('user_id', '=', player.userId)
          .where('closed_at', 'is', null)
          .execute();
        expect(open).toEqual([]);
      });
    }

    it(`${provider}: a state that reaches the database while the session is open is refused inside the stake`, async () => {
      // An exclusion written without closing the session stands for one that commits while the provider's
      // callback is on its way: the callback's stake reads the player's state with the row locked.
      const excluded = await launchedPlayer(test, provider, 20_00n);
      await test.ctx.db
        .insertInto('rg_exclusions')
        .values({
          user_id: excluded.userId,
          period: '1d',
          starts_at: new Date(),
          ends_at: new Date(Date.now() + 86_400_000),
        })
        .execute();
      const refused = await bet(provider, excluded);
      expect(refused.ok).toBe(false);
      expect(refused.error).toBe(playerRefusal[provider]);
      expect(await heldCents(excluded.userId)).toBe(20_00n);

      const blocked = await launchedPlayer(test, provider, 20_00n);
      await test.ctx.db
        .updateTable('users')
        .set({ status: 'blocked' })
        .where('id', '=', blocked.userId)
        .execute();
      const refusedToo = await bet(provider, blocked);
      expect(refusedToo.ok).toBe(false);
      expect(refusedToo.error).toBe(playerRefusal[provider]);
      expect(await heldCents(blocked.userId)).toBe(20_00n);

      // A repeat face check that closed the money calls (decision 0068) holds on the open session too.
      const faceDue = await launchedPlayer(test, provider, 20_00n);
      await test.ctx.db
        .updateTable('users')
        .set({ face_check_due: 'operator' })
        .where('id', '=', faceDue.userId)
        .execute();
      const refusedFace = await bet(provider, faceDue);
      expect(refusedFace.ok).toBe(false);
      expect(refusedFace.error).toBe(playerRefusal[provider]);
      expect(await heldCents(faceDue.userId)).toBe(20_00n);
    });
  }

  it('a win owed for a round opened before the exclusion is still paid on the closed session', async () => {
    const player = await launchedPlayer(test, 'EVO', 20_00n);
    const round = uniqueId('round');
    const placed = await test.clients.evo.money('bet', player.session, uniqueId('bet'), {
      roundRef: round,
      amountCents: 5_00n,
      final: false,
    });
    expect(placed.ok).toBe(true);
    await states['self-exclusion'](player);
    const won = await test.clients.evo.money('win', player.session, uniqueId('win'), {
      roundRef: round,
      amountCents: 8_00n,
      final: true,
    });
    expect(won.ok).toBe(true);
    expect(await heldCents(player.userId)).toBe(23_00n);
  });
});
