import { taxPeriodOf } from '@aposta/brazil';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.ts';
import { foldHouseJournal, postTransaction } from '../../src/modules/ledger/ledger.service.ts';
import { createAdminApp, ownerToken } from '../admin/helpers.ts';
import { approveKyc, createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { passKyc } from '../rg/helpers.ts';
import { brPlayer } from '../wallet/br-player.ts';
import { accountCents, call, deposit, expectLedgerClean, newPlayer, type Player } from '../wallet/helpers.ts';

/** Decision 0057: IRRF on net prizes, withheld at each withdrawal under br-licensed with WINNINGS_TAX=withhold. */
const WITHHOLD: Config['tax'] = {
  mode: 'withhold',
  rateBasisPoints: 1500,
  exemptCents: 225_920n,
  period: 'year',
  // These tests net the period; the IN's per-event basis has its own test below.
  basis: 'period-net',
};
const BAND = 225_920n;

let bets = 0;
/** A settled in-house bet: the stake, then its prize (0: lost). */
async function bet(test: TestApp, player: Player, stakeCents: bigint, prizeCents: bigint) {
  bets += 1;
  await test.ctx.db.transaction().execute(async (trx) => {
    await postTransaction(trx, {
      code: 'bet_stake',
      idempotencyKey: `tax_test_stake:${player.userId}:${bets}`,
      referenceType: 'test',
      referenceId: String(bets),
      postings: [
        { account: { kind: 'player_cash', userId: player.userId }, amountCents: -stakeCents },
        { account: { kind: 'house_game', name: 'dice' }, amountCents: stakeCents },
      ],
    });
    if (prizeCents === 0n) return;
    await postTransaction(trx, {
      code: 'bet_payout',
      idempotencyKey: `tax_test_payout:${player.userId}:${bets}`,
      referenceType: 'test',
      referenceId: String(bets),
      postings: [
        { account: { kind: 'house_game', name: 'dice' }, amountCents: -prizeCents },
        { account: { kind: 'player_cash', userId: player.userId }, amountCents: prizeCents },
      ],
    });
  });
}

const year = () => Number(taxPeriodOf(new Date(), 'year'));

async function withdraw(test: TestApp, player: Player, cpf: string, reais: number) {
  const answer = await call(test, 'POST', '/api/app/order/withdraw', player.token, {
    payCardBank: 'CPF',
    payCardNo: cpf,
    amount: reais,
  });
  expect(answer.http, answer.message).toBe(200);
}

async function withdrawals(test: TestApp, player: Player) {
  const answer = await call(test, 'GET', '/api/app/order/records?type=11', player.token);
  expect(answer.http, answer.message).toBe(200);
  return answer.data.records as { amount: number; gross?: number; tax?: number }[];
}

async function statement(test: TestApp, player: Player) {
  const answer = await call(test, 'GET', `/api/app/tax/statement?year=${year()}`, player.token);
  expect(answer.http, answer.message).toBe(200);
  return answer.data;
}

describe(`winnings tax under br-licensed, withhold (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createAdminApp({ regulatoryProfile: 'br-licensed', tax: WITHHOLD, withdrawalReview: false });
  });
  afterAll(async () => test?.close());

  async function funded(netPrizeCents: bigint) {
    const player = await brPlayer(test);
    const cpf = await passKyc(test, player);
    await deposit(test, player, 10_000n);
    // A lost bet and a won one: the net is what counts, not the prize alone.
    await bet(test, player, 1_000n, 0n);
    await bet(test, player, 2_000n, 3_000n + netPrizeCents);
    return { player, cpf };
  }

  it('a net prize at the exempt band withholds nothing', async () => {
    const { player, cpf } = await funded(BAND);
    await withdraw(test, player, cpf, 100);
    expect(await withdrawals(test, player)).toEqual([expect.objectContaining({ amount: 100 })]);
    expect((await withdrawals(test, player))[0]).not.toHaveProperty('tax');
    expect(await statement(test, player)).toMatchObject({
      mode: 'withhold',
      rate: 15,
      exempt: 2259.2,
      prizes: 2289.2,
      stakes: 30,
      net: 2259.2,
      taxDue: 0,
      withheld: 0,
      withholdings: [],
    });
    await expectLedgerClean(test);
  });

  it('one centavo above the band: 15 % of it rounds down to nothing; 7 centavos above: 1 centavo', async () => {
    const one = await funded(BAND + 1n);
    await withdraw(test, one.player, one.cpf, 100);
    expect(await statement(test, one.player)).toMatchObject({ net: 2259.21, taxDue: 0, withheld: 0 });

    const seven = await funded(BAND + 7n);
    await withdraw(test, seven.player, seven.cpf, 100);
    expect(await withdrawals(test, seven.player)).toEqual([
      expect.objectContaining({ amount: 99.99, gross: 100, tax: 0.01 }),
    ]);
    expect(await statement(test, seven.player)).toMatchObject({ net: 2259.27, taxDue: 0.01, withheld: 0.01 });
    // The order and the PSP's transfer are the net; the tax sits in the house's liability for the year.
    const [order] = await test.ctx.db
      .selectFrom('orders')
      .select('amount_cents')
      .where('user_id', '=', seven.player.userId)
      .where('type', '=', '11')
      .execute();
    expect(order?.amount_cents).toBe(9_999n);
    // The back office's payout record: gross, tax and the net paid.
    const list = await call(test, 'GET', '/api/admin/withdrawals', await ownerToken(test));
    expect(list.http, list.message).toBe(200);
    expect(list.data.records.find((r: { uId: number }) => r.uId === seven.player.uId)).toMatchObject({
      amount: 99.99,
      gross: 100,
      tax: 0.01,
    });
    expect(await accountCents(test, 'player_withdrawal_hold', { userId: seven.player.userId })).toBe(9_999n);
    await expectLedgerClean(test);
  });

  // The house balances follow the journal by a background fold; the test folds itself.
  const liability = async () => {
    await foldHouseJournal(test.ctx.db);
    return accountCents(test, 'house_tax_liability', { name: String(year()) });
  };

  it('two withdrawals in a year: the withholdings add up to the tax due, and the statement sums them', async () => {
    const liabilityBefore = await liability();
    // R$ 400,00 above the band: R$ 60,00 due.
    const { player, cpf } = await funded(BAND + 40_000n);
    await withdraw(test, player, cpf, 100);
    // R$ 200,00 more of net prize: R$ 90,00 due on the year, R$ 30,00 more to withhold.
    await bet(test, player, 5_000n, 25_000n);
    await withdraw(test, player, cpf, 100);
    const records = await withdrawals(test, player);
    expect(records).toEqual([
      expect.objectContaining({ amount: 70, gross: 100, tax: 30 }),
      expect.objectContaining({ amount: 40, gross: 100, tax: 60 }),
    ]);
    const answer = await statement(test, player);
    expect(answer).toMatchObject({ prizes: 2289.2 + 400 + 250, stakes: 80, taxDue: 90, withheld: 90 });
    expect(answer.withholdings.map((w: { tax: number }) => w.tax)).toEqual([60, 30]);
    expect(answer.net).toBeCloseTo(2259.2 + 600, 2);
    expect((await liability()) - liabilityBefore).toBe(9_000n);
    // The transparency page shows the year's withholding instead of "not applicable".
    const page = await call(test, 'GET', '/api/app/transparency?period=year', player.token);
    expect(page.data).toMatchObject({ taxWithheld: 90, taxApplicable: true });

    const download = await test.app.inject({
      method: 'GET',
      url: `/api/app/tax/statement/download?year=${year()}`,
      headers: { authorization: player.token },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/^text\/csv/);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="informe-apostas-${year()}.csv"`,
    );
    expect(download.body).toContain('premio_liquido;2859.20\r\n');
    expect(download.body).toContain('imposto_devido;90.00\r\n');
    expect(download.body).toContain('imposto_retido;90.00\r\n');
    expect(download.body.match(/;60\.00\r\n|;30\.00\r\n/g)).toHaveLength(2);
    await expectLedgerClean(test);
  });

  it('asks for a sign-in', async () => {
    expect((await call(test, 'GET', `/api/app/tax/statement?year=${year()}`)).http).toBe(401);
  });
});

describe(`winnings tax on the IN's per-event basis (${TEST_DATABASE})`, () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createAdminApp({
      regulatoryProfile: 'br-licensed',
      tax: { ...WITHHOLD, basis: 'event' },
      withdrawalReview: false,
    });
  });
  afterAll(async () => test?.close());

  /** An in-house dice bet as the product records it (settled now), with its stake and payout journals naming it. */
  async function diceBet(player: Player, stakeCents: bigint, payoutCents: bigint) {
    const row = await test.ctx.db
      .insertInto('game_bets')
      .values({
        user_id: player.userId,
        game: 'dice',
        amount_cents: stakeCents,
        payout_cents: payoutCents,
        detail: '{}',
        status: 'settled',
        settled_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const journal = (code: 'bet_stake' | 'bet_payout', cents: bigint) =>
      test.ctx.db.transaction().execute((trx) =>
        postTransaction(trx, {
          code,
          idempotencyKey: `${code}:${row.id}`,
          referenceType: 'game_bet',
          referenceId: row.id.toString(),
          postings: [
            {
              account: { kind: 'player_cash', userId: player.userId },
              amountCents: code === 'bet_stake' ? -cents : cents,
            },
            {
              account: { kind: 'house_game', name: 'dice' },
              amountCents: code === 'bet_stake' ? cents : -cents,
            },
          ],
        }),
      );
    await journal('bet_stake', stakeCents);
    if (payoutCents > 0n) await journal('bet_payout', payoutCents);
  }

  it("a lost bet does not offset another bet's prize: 15 % above the band of the winning bet alone", async () => {
    const player = await brPlayer(test);
    const cpf = await passKyc(test, player);
    await deposit(test, player, 100_000n);
    await diceBet(player, 50_000n, 0n);
    // R$ 100,00 of prize above the band on the second bet; the period's net is R$ 400,00 below it.
    await diceBet(player, 10_000n, 10_000n + BAND + 10_000n);
    await withdraw(test, player, cpf, 100);
    expect((await withdrawals(test, player))[0]).toMatchObject({ gross: 100, tax: 15, amount: 85 });
    const answer = await statement(test, player);
    expect(answer).toMatchObject({ basis: 'event', taxable: 2359.2, taxDue: 15, withheld: 15 });
    expect(answer.net).toBeCloseTo(1859.2, 2);
    await expectLedgerClean(test);
  });
});

describe(`winnings tax off (${TEST_DATABASE})`, () => {
  let open: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    // The open profile never withholds, whatever WINNINGS_TAX says.
    open = await createTestApp({ regulatoryProfile: 'open', tax: WITHHOLD });
    off = await createTestApp({ regulatoryProfile: 'br-licensed', tax: { ...WITHHOLD, mode: 'off' } });
  });
  afterAll(async () => {
    await open?.close();
    await off?.close();
  });

  it.each([
    ['the open profile', () => open, newPlayer],
    ['WINNINGS_TAX=off', () => off, brPlayer],
  ] as const)('%s withholds nothing', async (_name, app, register) => {
    const test = app();
    const player = await register(test);
    // approveKyc: the open profile's queue waits for an operator; br-licensed approves a clean check at once.
    const cpf = await approveKyc(test, player.token);
    await deposit(test, player, 10_000n);
    await bet(test, player, 1_000n, 1_000n + BAND + 100_000n);
    await withdraw(test, player, cpf, 100);
    expect((await withdrawals(test, player))[0]).toMatchObject({ amount: 100 });
    expect((await withdrawals(test, player))[0]).not.toHaveProperty('tax');
    expect(await statement(test, player)).toMatchObject({ withheld: 0, withholdings: [] });
    const page = await call(test, 'GET', '/api/app/transparency?period=year', player.token);
    expect(page.data).toMatchObject({ taxWithheld: 0, taxApplicable: false });
  });
});
