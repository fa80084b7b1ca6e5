import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskUsername } from '../../src/modules/invite/invite.rules.ts';
import { createTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';
import { call, deposit, newPlayer, type Player } from './helpers.ts';

interface Row {
  id: number;
  direction: 'in' | 'out';
  amount: number;
  counterpart: string;
  time: number;
}

/**
 * The transfers list (ours, beside the records): each player sees the transfers they sent ('out') and received
 * ('in'), newest first, paginated, with the other player's username masked like the invite friends list masks it.
 * Nobody else sees them.
 */
describe(`transfer records (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let ana: Player;
  let bia: Player;
  let outsider: Player;

  const send = (from: Player, to: Player, amount: string) =>
    call(test, 'POST', '/api/app/order/transfer', from.token, { toUser: to.username, amount });
  const list = (who: Player | null, query = '') =>
    call(test, 'GET', `/api/app/order/transfers${query}`, who?.token);

  beforeAll(async () => {
    test = await createTestApp();
    [ana, bia, outsider] = [await newPlayer(test), await newPlayer(test), await newPlayer(test)];
    await deposit(test, ana, 10_000n);
    await deposit(test, bia, 5_000n);
    // In this order: ana → bia 12.34, bia → ana 5, ana → bia 1.
    for (const [from, to, amount] of [
      [ana, bia, '12.34'],
      [bia, ana, '5'],
      [ana, bia, '1'],
    ] as const) {
      expect((await send(from, to, amount)).http).toBe(200);
    }
  });
  afterAll(async () => test.close());

  it('shows each player their own transfers, newest first, with direction and the masked other player', async () => {
    const forAna = await list(ana);
    expect(forAna.http).toBe(200);
    expect(forAna.data.total).toBe(3);
    const anaRows: Row[] = forAna.data.records;
    expect(anaRows.map((row) => [row.direction, row.amount, row.counterpart])).toEqual([
      ['out', 1, maskUsername(bia.username)],
      ['in', 5, maskUsername(bia.username)],
      ['out', 12.34, maskUsername(bia.username)],
    ]);
    // Masked: the other player's address is not disclosed.
    expect(anaRows[0]?.counterpart).not.toBe(bia.username);
    expect(anaRows[0]?.counterpart).toContain('***');
    const times = anaRows.map((row) => row.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const bRows: Row[] = (await list(bia)).data.records;
    expect(bRows.map((row) => [row.direction, row.amount, row.counterpart])).toEqual([
      ['in', 1, maskUsername(ana.username)],
      ['out', 5, maskUsername(ana.username)],
      ['in', 12.34, maskUsername(ana.username)],
    ]);
    // The same transfers, seen from both ends.
    expect(bRows.map((row) => row.id)).toEqual(anaRows.map((row) => row.id));
  });

  it('shows a third player nothing', async () => {
    const answer = await list(outsider);
    expect(answer.http).toBe(200);
    expect(answer.data).toEqual({ records: [], total: 0 });
  });

  it('paginates with page and size; total counts every transfer', async () => {
    const all = (await list(ana)).data.records.map((row: Row) => row.id);
    const first = await list(ana, '?page=1&size=2');
    const second = await list(ana, '?page=2&size=2');
    const third = await list(ana, '?page=3&size=2');
    expect(first.data.total).toBe(3);
    expect(second.data.total).toBe(3);
    expect([...first.data.records, ...second.data.records].map((row: Row) => row.id)).toEqual(all);
    expect(second.data.records).toHaveLength(1);
    expect(third.data.records).toEqual([]);
  });

  it('refuses a bad page or size with 400, and a visitor with 401', async () => {
    for (const query of ['?page=0', '?page=-1', '?page=abc', '?size=0', '?size=101', '?size=1.5']) {
      const answer = await list(ana, query);
      expect(answer.http, query).toBe(400);
    }
    expect((await list(null)).http).toBe(401);
  });
});
