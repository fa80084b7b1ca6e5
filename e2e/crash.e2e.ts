import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession } from './support/browser.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
import { deposit, type Envelope, reais } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Crash on a phone: bet, watch the curve, cash out by hand (api-contract section 20). Short phases make a round
// every few seconds; a round that crashes before the hand cash-out lands is simply played again, as a person would.
const SHOTS = process.env.CRASH_SHOTS_DIR ?? '/tmp/shots/crash';

/** A tap may wait through a whole round (a long one lasts over 30 s) for the next betting phase. */
const ROUND_WAIT_MS = 120_000;

const answerTo = (page: Page, path: string) =>
  page.waitForResponse(
    (response) => new URL(response.url()).pathname === path && response.request().method() === 'POST',
    { timeout: ROUND_WAIT_MS },
  );

describe('crash in a phone browser', () => {
  let server: RunningServer;
  let phone: PhoneSession;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startServer({ CRASH_BETTING_MS: '4000', CRASH_PAUSE_MS: '1500' });
  });
  afterAll(async () => server.stop());
  beforeEach(async () => {
    phone = await openPhone(server.baseUrl);
  });
  afterEach(async () => {
    expect(phone.errors).toEqual([]);
    await phone.close();
  });

  /** One round: bet R$ 1 from the first panel, cash out as soon as the curve runs. Answers the cash-out or null. */
  async function playRound(page: Page) {
    const panel = page.getByRole('region', { name: 'Aposta 1' });
    const action = panel.locator('.crash-action');
    await expect.poll(() => action.textContent(), { timeout: 30_000 }).toMatch(/^Apostar R\$/);
    const betAnswer = answerTo(page, '/api/app/game/crash/bet');
    // Seen enabled at the very end of the betting phase, the button may be disabled by the time it is tapped: the
    // tap then waits for the next betting phase, past however long the round runs.
    await action.click({ timeout: ROUND_WAIT_MS });
    const bet = (await (await betAnswer).json()) as Envelope<{ betId: number; roundId: number }>;
    if (bet.status !== 200) return null;
    await expect.poll(() => action.textContent(), { timeout: 30_000 }).toMatch(/^(Sacar R\$|Caiu)/);
    if ((await action.textContent())?.startsWith('Caiu')) return null;
    await page.screenshot({ path: `${SHOTS}/crash-running.png` });
    const cashAnswer = answerTo(page, '/api/app/game/crash/cashout');
    await action.click();
    const cash = (await (await cashAnswer).json()) as Envelope<{
      multiplier: number;
      payout: number;
      balance: number;
    }>;
    if (cash.status !== 200) return null;
    return { ...cash.data, roundId: bet.data.roundId };
  }

  it('bets, watches the multiplier rise and cashes out by hand; the verifier recomputes the round', async () => {
    const { page } = phone;
    await registerThroughUi(page, newEmail('crash'), 'segredo123');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await deposit(server.baseUrl, token!);
    await page.goto('/crash');
    // The RTP is on screen before any bet.
    await expect.poll(() => page.locator('.crash-rtp').textContent()).toContain('99%');
    await expect.poll(async () => reais(await page.getByLabel('balance').textContent())).toBe(100);
    await page.screenshot({ path: `${SHOTS}/crash-betting.png` });

    let cashed: Awaited<ReturnType<typeof playRound>> = null;
    for (let round = 0; round < 8 && !cashed; round++) cashed = await playRound(page);
    expect(cashed).not.toBeNull();
    const { multiplier, payout, roundId } = cashed!;
    expect(multiplier).toBeGreaterThanOrEqual(1);
    expect(payout).toBe(Math.floor(100 * multiplier) / 100);
    const action = page.getByRole('region', { name: 'Aposta 1' }).locator('.crash-action');
    await expect.poll(() => action.textContent()).toContain(`Sacou em ${multiplier.toFixed(2)}×`);
    // The round's live list shows the cash-out; the balance moved by the stake and the payout.
    await expect.poll(() => page.locator('.crash-bets li.is-cashed').count()).toBeGreaterThan(0);
    await expect
      .poll(async () => reais(await page.getByLabel('balance').textContent()))
      .toBeCloseTo(100 - 1 + payout, 2);
    await page.screenshot({ path: `${SHOTS}/crash-cashed.png` });

    // Once it crashes the round joins the history strip; its chip opens the verifier, which recomputes it.
    const chip = page.locator(`.crash-history a[href="/verify?game=crash&roundId=${roundId}"]`);
    await expect.poll(() => chip.count(), { timeout: 120_000 }).toBe(1);
    const shown = (await chip.textContent())!.replace('×', '');
    await page.screenshot({ path: `${SHOTS}/crash-crashed.png` });
    await chip.click();
    await page.waitForURL((url) => url.pathname === '/verify');
    await expect
      .poll(() => page.locator('.verify-result').textContent(), { timeout: 20_000 })
      .toBe(`Ponto de queda: ${shown}×`);
    await page.screenshot({ path: `${SHOTS}/crash-verify.png` });
  }, 360_000);
});
