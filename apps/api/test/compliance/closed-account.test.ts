import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { restrictListed } from '../../src/modules/compliance/compliance.restriction.ts';
import { complianceClock } from '../../src/modules/compliance/compliance.service.ts';
import { transferUnclaimed } from '../../src/modules/compliance/compliance.unclaimed.ts';
import { accountBalance, playerBalances } from '../../src/modules/ledger/ledger.service.ts';
import { TEST_DATABASE } from '../harness.ts';
import {
  bet,
  createMatch,
  createSportsbookApp,
  expectLedgerClean,
  finalState,
  newPlayer,
  pick,
  postState,
  type SportsbookTestApp,
  settle,
} from '../sportsbook/helpers.ts';

/**
 * A closed account's money (decision 0051): open bets bought back at their stake when a list closes the account,
 * and the balance still owed 180 days after the refund was due moved to the public fund's liability, once.
 */
const DAY = 86_400_000;

describe(`a closed account's money (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  beforeAll(async () => {
    app = await createSportsbookApp();
  });
  afterEach(() => {
    complianceClock.now = () => new Date();
  });
  afterAll(async () => app.close());

  const statusOf = (userId: bigint) =>
    app.test.ctx.db
      .selectFrom('compliance_player_status')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
  const cashOf = async (userId: bigint) => (await playerBalances(app.test.ctx.db, userId)).cashCents;
  const fundBalance = async () => {
    const row = await app.test.ctx.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('kind', '=', 'house_unclaimed')
      .executeTakeFirst();
    return row ? accountBalance(app.test.ctx.db, row.id) : 0n;
  };

  it('buys back open bets at their stake, counts them in the refund, and settlement pays nothing more', async () => {
    const player = await newPlayer(app, 100_000n);
    const match = await createMatch(app);
    const home = pick(match, 'winAlone', 'home');
    const placed = await bet(app, player, 40, [home]);
    expect(placed.http, placed.message).toBe(200);
    const other = await createMatch(app);
    const parlay = await bet(app, player, '10.50', [
      pick(match, 'total', 'over', 2.5),
      pick(other, 'winAlone', 'away'),
    ]);
    expect(parlay.http, parlay.message).toBe(200);
    expect(await cashOf(player.userId)).toBe(100_000n - 4_000n - 1_050n);

    await restrictListed(app.test.ctx, player.userId, 'social_programs', new Date());

    const status = await statusOf(player.userId);
    expect(status.open_bets_refunded).toBe(2);
    expect(status.open_bets_refund_cents).toBe(5_050n);
    expect(status.refund_cents).toBe(100_000n);
    expect(await cashOf(player.userId)).toBe(100_000n);
    // A second closing run changes nothing.
    await restrictListed(app.test.ctx, player.userId, 'social_programs', new Date());
    expect(await cashOf(player.userId)).toBe(100_000n);
    // The match ends 2-1: the home bet would have won; its stake was already handed back, so nothing more is paid.
    expect((await postState(app, match.matchId, finalState)).http).toBe(200);
    expect((await settle(app, match.matchId)).http).toBe(200);
    await app.runSettlementJobs();
    expect(await cashOf(player.userId)).toBe(100_000n);
    await expectLedgerClean(app);
    // Paid back by the operator another way: the other tests' sweeps leave this player alone.
    await app.test.ctx.db
      .updateTable('compliance_player_status')
      .set({ refunded_at: new Date() })
      .where('user_id', '=', player.userId)
      .execute();
  });

  it('moves a refund still unpaid 180 days after its due date to the public fund, once', async () => {
    const player = await newPlayer(app, 7_777n);
    const listedAt = new Date();
    await restrictListed(app.test.ctx, player.userId, 'self_exclusion', listedAt);
    const fundBefore = await fundBalance();
    // 4 days to the refund's due date, then 179 days: not yet.
    complianceClock.now = () => new Date(listedAt.getTime() + (4 + 179) * DAY);
    expect(await transferUnclaimed(app.test.ctx)).toBe(0);
    expect(await cashOf(player.userId)).toBe(7_777n);
    complianceClock.now = () => new Date(listedAt.getTime() + (4 + 180) * DAY + 1);
    const [first, second] = await Promise.all([
      transferUnclaimed(app.test.ctx),
      transferUnclaimed(app.test.ctx),
    ]);
    expect(first + second).toBe(1);
    expect(await transferUnclaimed(app.test.ctx)).toBe(0);
    expect(await cashOf(player.userId)).toBe(0n);
    expect((await fundBalance()) - fundBefore).toBe(7_777n);
    const status = await statusOf(player.userId);
    expect(status.unclaimed_cents).toBe(7_777n);
    expect(status.unclaimed_at).not.toBeNull();
    await expectLedgerClean(app);
  });

  it('leaves a refund that was made alone', async () => {
    const player = await newPlayer(app, 5_000n);
    const listedAt = new Date();
    await restrictListed(app.test.ctx, player.userId, 'social_programs', listedAt);
    await app.test.ctx.db
      .updateTable('compliance_player_status')
      .set({ refunded_at: new Date() })
      .where('user_id', '=', player.userId)
      .execute();
    complianceClock.now = () => new Date(listedAt.getTime() + 400 * DAY);
    await transferUnclaimed(app.test.ctx);
    expect(await cashOf(player.userId)).toBe(5_000n);
    expect((await statusOf(player.userId)).unclaimed_at).toBeNull();
  });
});
