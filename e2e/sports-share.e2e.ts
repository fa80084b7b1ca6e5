import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPhone, type PhoneSession, waitUntilPageStill } from './support/browser.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
import type { Envelope } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Sports players share (issue 33): a player shares a slip and a friend opens the link in another browser as a
// guest (the slip is filled at the current odds, and betting asks for a login); a live football match followed
// on the tracker while a goal arrives: the journey makes the goal itself (an operator's match, its score entered
// through the admin state call), so nothing hangs on the simulated feed's clock. Screenshots go to SLIPS_SHOTS_DIR.
const SHOTS = process.env.SLIPS_SHOTS_DIR ?? '/tmp/shots/slips';
// The feed at 20× (as the live-slip journey): a football match lasts 6300 / 20 = 315 s.
const FEED_SPEED = 20;

const ADMIN = { username: 'operador', password: 'operador-senha-123' };

async function operatorToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await response.json()) as Envelope<{ access_token: string }>).data.access_token;
}

async function operatorCall<T>(baseUrl: string, path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.status, `${path}: ${envelope.message}`).toBe(200);
  return envelope.data;
}

interface MatchRow {
  matchId: number;
  home: string;
  away: string;
  startTime: number;
  period: number;
}

async function footballMatches(baseUrl: string, live: 0 | 1): Promise<MatchRow[]> {
  const response = await fetch(`${baseUrl}/api/app/sports/matches?sport=football&live=${live}&size=50`);
  return ((await response.json()) as Envelope<{ records: MatchRow[] }>).data.records;
}

describe('sports players share, on a phone', () => {
  let server: RunningServer;
  let phone: PhoneSession;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startServer({
      SEED_DEMO: '1',
      SPORTSBOOK_FEED_SPEED: String(FEED_SPEED),
      SPORTSBOOK_FEED_TICK_MS: '1000',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    // The feed's first tick writes every fixture of the next days; on a loaded two-core machine a page opened
    // meanwhile waited over 30 s for its first load. The journeys start once football is on the board.
    await vi.waitFor(
      async () => expect((await footballMatches(server.baseUrl, 1)).length).toBeGreaterThan(0),
      { timeout: 120_000, interval: 500 },
    );
  }, 260_000);
  afterAll(async () => server.stop());
  beforeEach(async () => {
    phone = await openPhone(server.baseUrl);
  });
  afterEach(async () => {
    expect(phone.errors).toEqual([]);
    await phone.close();
  });

  it('shares a slip; a guest opens the link in another browser, sees it at current odds and is asked to log in', async () => {
    const { page } = phone;
    await registerThroughUi(page, newEmail('share'), 'segredo123');
    const [match] = await footballMatches(server.baseUrl, 0);
    await page.goto(`/sports/match/${match!.matchId}`);
    const winner = page.getByRole('region', { name: 'Resultado final (1X2)' });
    const open = winner.getByRole('button', { disabled: false });
    await open.first().waitFor({ timeout: 30_000 });
    await open.first().click();
    await page.getByRole('button', { name: 'Abrir o cupom de apostas' }).click();
    const slip = page.getByRole('dialog', { name: 'Cupom de apostas' });
    await slip.getByLabel('Valor da aposta').fill('25');
    await slip.getByRole('button', { name: 'Compartilhar' }).click();
    const sheet = page.getByRole('dialog', { name: 'Compartilhar bilhete' });
    const url = (await sheet.getByTestId('slip-url').textContent({ timeout: 20_000 }))!;
    const code = (await sheet.getByTestId('slip-code').textContent())!;
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(url).toBe(`${new URL(url).origin}/sports/slip/${code}`);
    await expect
      .poll(() => sheet.getByRole('link', { name: 'WhatsApp' }).getAttribute('href'))
      .toContain(encodeURIComponent(url));
    await sheet.getByRole('link', { name: 'Telegram' }).waitFor();
    await waitUntilPageStill(page);
    await page.screenshot({ path: `${SHOTS}/share-sheet.png` });

    // A friend with no account opens the link on another phone.
    const friend = await openPhone(server.baseUrl);
    try {
      const guest = friend.page;
      await guest.goto(new URL(url).pathname);
      await guest.getByRole('heading', { name: 'Seleções do bilhete: 1' }).waitFor({ timeout: 30_000 });
      await guest.getByText(`${match!.home} x ${match!.away}`).first().waitFor();
      await guest.getByText('Adicionadas ao seu bilhete: 1').waitFor();
      // Nothing of the sharer's stake.
      expect(await guest.locator('main, body').first().textContent()).not.toContain('25,00');
      await guest.getByRole('button', { name: 'Abrir o cupom de apostas' }).waitFor();
      await waitUntilPageStill(guest);
      await guest.screenshot({ path: `${SHOTS}/shared-slip-guest.png` });
      await guest.getByRole('button', { name: 'Entre para apostar' }).click();
      await guest.getByRole('dialog', { name: 'Entrar ou registrar' }).waitFor();
      expect(friend.errors).toEqual([]);
    } finally {
      await friend.close();
    }
  }, 240_000);

  // The goal is the journey's own: an operator's live football match, whose goals the trader enters (admin
  // state call) and the tracker shows (decision 0064). Nothing waits for the simulated feed's clock to bring a goal.
  it('follows a live match on the tracker while a goal arrives', async () => {
    const { page } = phone;
    const { baseUrl } = server;
    await registerThroughUi(page, newEmail('tracker'), 'segredo123');
    // The simulated feed's live football match draws its pitch from the feed's events and possession.
    let live: MatchRow | undefined;
    await expect
      .poll(async () => (live = (await footballMatches(baseUrl, 1))[0]), { timeout: 60_000 })
      .toBeDefined();
    await page.goto(`/sports/match/${live!.matchId}`);
    const simTracker = page.getByTestId('match-tracker');
    await simTracker
      .getByRole('img', { name: `Campo: ${live!.home} x ${live!.away}` })
      .waitFor({ timeout: 60_000 });
    await simTracker.getByText('Posse de bola').waitFor({ timeout: 30_000 });
    await waitUntilPageStill(page).catch(() => {});
    await page.screenshot({ path: `${SHOTS}/tracker-live.png` });

    // A match 30 minutes in, 0–1 before the page opens: the goal pushed before the page subscribed is there.
    const admin = await operatorToken(baseUrl);
    const match = await operatorCall<{ matchId: number; home: string; away: string }>(
      baseUrl,
      '/api/admin/sports/matches',
      admin,
      {
        sport: 'football',
        league: 'Copa E2E',
        home: 'Bahia E2E',
        away: 'Vitória E2E',
        startTime: Date.now() - 30 * 60_000,
        markets: [
          {
            type: 'winAlone',
            selections: [
              { outcome: 'home', odds: 2.4 },
              { outcome: 'draw', odds: 3.1 },
              { outcome: 'away', odds: 2.9 },
            ],
          },
        ],
      },
    );
    const state = (home: number, away: number) =>
      operatorCall(baseUrl, `/api/admin/sports/matches/${match.matchId}/state`, admin, {
        period: 1,
        score: { home, away },
      });
    await state(0, 1);
    await page.goto(`/sports/match/${match.matchId}`);
    const tracker = page.getByTestId('match-tracker');
    await tracker
      .getByRole('img', { name: `Campo: ${match.home} x ${match.away}` })
      .waitFor({ timeout: 60_000 });
    const score = page.locator('.scoreboard-score');
    await expect.poll(() => score.textContent(), { timeout: 30_000 }).toBe('0 – 1');
    await tracker.getByRole('tab', { name: 'Lances' }).click();
    const lines = tracker.locator('.tracker-item-text');
    await expect.poll(() => lines.allTextContents(), { timeout: 30_000 }).toEqual([`Gol · ${match.away}`]);
    // Opened with that goal: nothing flashes.
    expect(await tracker.getByTestId('tracker-flash').count()).toBe(0);

    // The home side scores while the player watches: the score, the flash and the timeline's first line.
    await state(1, 1);
    await expect.poll(() => score.textContent(), { timeout: 60_000 }).toBe('1 – 1');
    await expect
      .poll(() => tracker.getByTestId('tracker-flash').allTextContents(), { timeout: 60_000 })
      .toEqual(['GOL!']);
    await expect
      .poll(() => lines.allTextContents(), { timeout: 60_000 })
      .toEqual([`Gol · ${match.home}`, `Gol · ${match.away}`]);
    const minutes = await tracker.locator('.tracker-item-minute').allTextContents();
    expect(minutes).toHaveLength(2);
    expect(Number.parseInt(minutes[0]!, 10)).toBeGreaterThanOrEqual(31);
    await page.screenshot({ path: `${SHOTS}/tracker-goal.png` });
  }, 300_000);
});
