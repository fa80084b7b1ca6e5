import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsText } from '../../src/platform/metrics.ts';
import { TEST_DATABASE } from '../harness.ts';
import { expectLedgerClean, launchedPlayer, slotsApp, uniqueId } from '../slots/helpers.ts';
import { sample } from './metrics-text.ts';

/** Issue 31: slot rounds count as bets and stakes of their product, like the in-house games and the sportsbook. */
describe(`slot stakes in /metrics (${TEST_DATABASE})`, () => {
  let test: Awaited<ReturnType<typeof slotsApp>>;
  beforeAll(async () => {
    test = await slotsApp();
  });
  afterAll(async () => {
    await expectLedgerClean(test);
    await test.close();
  });

  it('counts a PG spin once, with its stake in centavos', async () => {
    const player = await launchedPlayer(test, 'PG', 10_00n);
    const before = (await metricsText()).body;
    const spin = (betCents: bigint) => {
      const transactionId = uniqueId('tx');
      return test.clients.pg.transferInOut({
        token: player.session,
        playerName: `p${player.userId}`,
        gameId: player.game,
        roundRef: transactionId,
        transactionId,
        betCents,
        winCents: 0n,
        endRound: true,
      });
    };
    expect((await spin(2_50n)).ok).toBe(true);
    const after = (await metricsText()).body;
    const moved = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    expect(moved('aposta_bets_total{product="slots:PG"}')).toBe(1);
    expect(moved('aposta_bet_stakes_cents_total{product="slots:PG"}')).toBe(250);
  });
});
