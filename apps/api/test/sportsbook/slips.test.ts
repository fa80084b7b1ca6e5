import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE } from '../harness.ts';
import {
  admin,
  bet,
  call,
  createMatch,
  createSportsbookApp,
  type MatchView,
  newPlayer,
  pick,
  type SportsbookTestApp,
} from './helpers.ts';

/** Shared slips (api-contract section 19): codes, own bets only, current odds, nothing of the sharer's money. */
describe(`sportsbook shared slips (${TEST_DATABASE})`, () => {
  let app: SportsbookTestApp;
  let match: MatchView;
  let other: MatchView;
  beforeAll(async () => {
    app = await createSportsbookApp();
    match = await createMatch(app);
    other = await createMatch(app);
  });
  afterAll(async () => app.close());

  const create = (token: string | undefined, body: unknown) =>
    call(app.test, 'POST', '/api/app/sports/slips', token, body);
  const open = (code: string) => call(app.test, 'GET', `/api/app/sports/slips/${code}`);

  it('turns picked selections into a code and a link that anyone opens at the current odds', async () => {
    const player = await newPlayer(app);
    const home = pick(match, 'winAlone', 'home');
    const over = pick(other, 'total', 'over', 2.5);
    const made = await create(player.token, { selections: [{ selectionId: home.selectionId }, over] });
    expect(made.http, made.message).toBe(200);
    expect(made.data.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(made.data.url).toBe(`${app.test.ctx.config.publicUrl}/sports/slip/${made.data.code}`);

    // The price moves after sharing: the slip shows the new one.
    await app.test.ctx.db
      .updateTable('sports_selections')
      .set({ odds_milli: 2_250 })
      .where('id', '=', BigInt(home.selectionId))
      .execute();
    const opened = await open(made.data.code.toLowerCase());
    expect(opened.http, opened.message).toBe(200);
    expect(opened.data.selections).toEqual([
      {
        selectionId: home.selectionId,
        matchId: match.matchId,
        marketId: home.marketId,
        sport: 'football',
        home: expect.stringMatching(/^Casa /),
        away: expect.stringMatching(/^Fora /),
        type: 'winAlone',
        period: 'full',
        line: null,
        outcome: 'home',
        odds: 2.25,
        status: 'open',
        matchPeriod: 0,
      },
      expect.objectContaining({ selectionId: over.selectionId, type: 'total', line: 2.5, status: 'open' }),
    ]);
  });

  it('marks a suspended selection and a settled one', async () => {
    const player = await newPlayer(app);
    const match2 = await createMatch(app);
    const draw = pick(match2, 'winAlone', 'draw');
    const firstHalf = pick(match2, 'total', 'under', 1.25, 'firstHalf');
    const made = await create(player.token, { selections: [draw, firstHalf] });
    expect(made.http, made.message).toBe(200);
    expect(
      (await admin(app, 'POST', `/api/admin/sports/markets/${draw.marketId}/status`, { status: 'suspended' }))
        .http,
    ).toBe(200);
    expect(
      (
        await admin(app, 'POST', `/api/admin/sports/markets/${firstHalf.marketId}/status`, {
          status: 'closed',
        })
      ).http,
    ).toBe(200);
    const statuses = (await open(made.data.code)).data.selections.map(
      (item: { status: string }) => item.status,
    );
    expect(statuses).toEqual(['suspended', 'settled']);
  });

  it("shares one's own bet without its stake or winnings, and refuses someone else's like an unknown one", async () => {
    const sharer = await newPlayer(app, 50_000n);
    const legs = [pick(match, 'winAlone', 'away'), pick(other, 'winAlone', 'draw')];
    const placed = await bet(app, sharer, '123.45', legs, 'any');
    expect(placed.http, placed.message).toBe(200);
    const made = await create(sharer.token, { betId: placed.data.betId });
    expect(made.http, made.message).toBe(200);
    const opened = await open(made.data.code);
    expect(opened.data.selections.map((item: { selectionId: number }) => item.selectionId)).toEqual(
      legs.map((leg) => leg.selectionId),
    );
    const text = JSON.stringify(opened);
    for (const secret of [
      '123.45',
      String(placed.data.potentialPayout),
      'amount',
      'stake',
      'payout',
      'betId',
    ])
      expect(text).not.toContain(secret);

    const stranger = await newPlayer(app);
    const refused = await create(stranger.token, { betId: placed.data.betId });
    expect(refused.http).toBe(404);
    expect(refused.status).toBe(404);
    expect((await create(stranger.token, { betId: 987_654_321 })).status).toBe(404);
  });

  it('needs a player to create, refuses bad input and unknown codes', async () => {
    expect((await create(undefined, { selections: [{ selectionId: 1 }] })).status).toBe(40101);
    const player = await newPlayer(app);
    expect((await create(player.token, {})).http).toBe(400);
    expect((await create(player.token, { selections: [] })).http).toBe(400);
    expect((await create(player.token, { selections: [{ selectionId: 987_654_321 }] })).status).toBe(404);
    expect((await open('ZZZZZZZZ')).status).toBe(404);
    expect((await open('O0O0O0O0')).status).toBe(404);
  });

  it('limits how many codes one player creates', async () => {
    const player = await newPlayer(app);
    const selection = pick(match, 'winAlone', 'home');
    let answer = await create(player.token, { selections: [selection] });
    let made = 0;
    while (answer.http === 200 && made < 100) {
      made++;
      answer = await create(player.token, { selections: [selection] });
    }
    expect(made).toBe(30);
    expect(answer.status).toBe(429);
    // Another player is not held back by it.
    const other = await newPlayer(app);
    expect((await create(other.token, { selections: [selection] })).http).toBe(200);
  });
});
