import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletReply } from '../../src/modules/studio/studio.clients.ts';
import { TEST_DATABASE } from '../harness.ts';
import {
  balances,
  expectLedgerClean,
  launchedPlayer,
  type Provider,
  type SlotPlayer,
  slotsApp,
  uniqueId,
} from './helpers.ts';

/**
 * One provider transaction id sent by two players at the same moment (issue 27): the id is unique per provider,
 * so only one of the two can have it. Each player's callback locks only that player's row, so both once reached
 * the insert together and the second died on the unique key (a 500 in 14 of 15 pairs). The first must be taken,
 * the second refused in its provider's own words for a reused id, and money must move once. Real concurrency
 * needs PostgreSQL (PGlite runs one statement at a time).
 */
describe.skipIf(TEST_DATABASE !== 'postgres')(
  `one provider transaction id, two players at once (${TEST_DATABASE})`,
  () => {
    let test: Awaited<ReturnType<typeof slotsApp>>;
    beforeAll(async () => {
      test = await slotsApp();
    });
    afterAll(async () => {
      await expectLedgerClean(test);
      await test.close();
    });

    /** A bet of R$ 1,00 of `player` in a round of its own, under the provider transaction id `txId`. */
    const bets: Record<Provider, (player: SlotPlayer, txId: string) => Promise<WalletReply>> = {
      PG: (player, txId) =>
        test.clients.pg.transferInOut({
          token: player.session,
          playerName: `p${player.userId}`,
          gameId: player.game,
          roundRef: uniqueId('round'),
          transactionId: txId,
          betCents: 1_00n,
          winCents: 0n,
          endRound: true,
        }),
      EVO: (player, txId) =>
        test.clients.evo.money('bet', player.session, txId, {
          roundRef: uniqueId('round'),
          amountCents: 1_00n,
          final: false,
        }),
      BG: (player, txId) =>
        test.clients.bg.call('play', {
          sessionId: player.session,
          userId: `p${player.userId}`,
          game: player.game,
          gameId: uniqueId('game'),
          finished: true,
          actions: [{ action: 'bet', action_id: txId, amount: 1_00 }],
        }),
    };
    /** Each protocol's answer to an id already used (by another player): PG 1034, BGaming 400/400, Evoplay's error. */
    const refusedAsReused: Record<Provider, (reply: WalletReply) => void> = {
      PG: (reply) => {
        expect(reply.status).toBe(200);
        expect(reply.body).toMatchObject({ data: null, error: { code: '1034' } });
      },
      EVO: (reply) => {
        expect(reply.status).toBe(200);
        expect(reply.body).toMatchObject({ status: 'error', error: { message: 'Callback id reused' } });
      },
      BG: (reply) => {
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ code: 400 });
      },
    };

    for (const provider of ['PG', 'EVO', 'BG'] as const) {
      it(`${provider}: of 15 pairs, one bet of each is taken, the other refused as a reused id; money moves once`, async () => {
        // One launch after another: the helper reads back the newest session of the game.
        const pairs: SlotPlayer[][] = [];
        for (let n = 0; n < 15; n++) {
          pairs.push([
            await launchedPlayer(test, provider, 10_00n),
            await launchedPlayer(test, provider, 10_00n),
          ]);
        }
        const replies = await Promise.all(
          pairs.map(async ([first, second]) => {
            const txId = uniqueId(`shared-${provider}`);
            return Promise.all([bets[provider](first!, txId), bets[provider](second!, txId)]);
          }),
        );
        for (const [n, pair] of pairs.entries()) {
          const [one, two] = replies[n]!;
          expect([one!.status, two!.status], JSON.stringify([one!.body, two!.body])).not.toContain(500);
          expect([one!.ok, two!.ok].filter(Boolean), JSON.stringify([one!.body, two!.body])).toHaveLength(1);
          const taken = one!.ok ? 0 : 1;
          expect(replies[n]![taken]!.balanceCents).toBe(9_00n);
          refusedAsReused[provider](replies[n]![1 - taken]!);
          expect((await balances(test, pair[taken]!.token)).cashCents).toBe(9_00n);
          expect((await balances(test, pair[1 - taken]!.token)).cashCents).toBe(10_00n);
        }
        await expectLedgerClean(test);
      });
    }
  },
);
