import fs from 'node:fs';
import type { Locator, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession } from './support/browser.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
import { deposit, type Envelope, reais } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Screenshots of every game page on the phone viewport, for a person to look at.
const SHOTS = process.env.GAMES_SHOTS_DIR ?? '/tmp/games-shots';

const brl = (value: number) =>
  `R$ ${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)}`;

async function answerOf<T>(response: Response): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  expect(body.status).toBe(200);
  return body.data;
}

const answerTo = (page: Page, path: string) =>
  page.waitForResponse(
    (response) => new URL(response.url()).pathname === path && response.request().method() === 'POST',
  );

/**
 * A round game's bet from its button. The betting window can close between the page enabling the button and the
 * server taking the bet (on a busy machine): the server answers 409 round.closed, the page closes the round too,
 * and the player bets again when the next round opens, as a person would.
 */
async function betInOpenRound<T>(page: Page, button: Locator, path: string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const answered = answerTo(page, path);
    await button.click({ timeout: 45_000 });
    const body = (await (await answered).json()) as Envelope<T>;
    if (body.status === 409 && attempt < 3) {
      await expect.poll(() => button.isDisabled(), { timeout: 15_000 }).toBe(true);
      continue;
    }
    expect(body.status).toBe(200);
    return body.data;
  }
}

/** A limbo bet through the API with the page's session: the next nonce of the same seed pair. */
async function placeLimbo(baseUrl: string, page: Page): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const answer = await fetch(`${baseUrl}/api/app/game/limbo/bet`, {
    method: 'POST',
    headers: {
      Authorization: token!,
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify({ amount: 1, target: 2 }),
  });
  expect(answer.status).toBe(200);
}

async function headerBalance(page: Page): Promise<number> {
  return reais(await page.getByLabel('balance').textContent());
}

describe('in-house games in a phone browser', () => {
  let server: RunningServer;
  let phone: PhoneSession;
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    server = await startServer();
  });
  afterAll(async () => server.stop());
  beforeEach(async () => {
    phone = await openPhone(server.baseUrl);
  });
  afterEach(async () => {
    expect(phone.errors).toEqual([]);
    await phone.close();
  });

  async function fundedPlayer(): Promise<Page> {
    const { page } = phone;
    await registerThroughUi(page, newEmail('jogo'), 'segredo123');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await deposit(server.baseUrl, token!);
    return page;
  }

  it('a dice bet shows the roll and moves the header balance by the stake and the payout; the verifier recomputes it', async () => {
    const page = await fundedPlayer();
    // Home's SELF tile opens the game's route for a logged-in player.
    await page.goto('/home');
    await page.getByRole('button', { name: 'Dice' }).first().click();
    await page.waitForURL((url) => url.pathname === '/dice');
    await expect.poll(() => page.getByLabel('balance').textContent()).toBe(brl(100));
    // The multiplier and the chance are on screen before the bet.
    await expect.poll(() => page.getByLabel('Multiplicador').first().textContent()).toBe('1,98×');

    await page.getByLabel('Valor da aposta').fill('1');
    const answered = answerTo(page, '/api/app/game/dice/bet');
    await page.getByRole('button', { name: 'Apostar', exact: true }).click();
    const bet = await answerOf<{
      roll: number;
      payout: number;
      balance: number;
      win: boolean;
      nonce: number;
    }>(await answered);
    const roll = bet.roll.toFixed(2).replace('.', ',');
    await expect.poll(() => page.getByLabel('Resultado do dado').textContent()).toBe(roll);
    expect(bet.balance).toBeCloseTo(100 - 1 + bet.payout, 2);
    await expect.poll(() => headerBalance(page)).toBeCloseTo(bet.balance, 2);
    // The bet history lists it.
    await page.getByRole('region', { name: 'Minhas apostas' }).getByText(`Dado ${roll}`).waitFor();
    await page.screenshot({ path: `${SHOTS}/dice.png`, fullPage: true, animations: 'disabled' });

    // A limbo bet on the same seed pair (nonce + 1): "the last bet" of the dice page must stay the dice bet.
    await placeLimbo(server.baseUrl, page);

    // The dice bet's own 'Verificar' link: its seed pair is still in use, so the verifier explains why the
    // server seed is missing and offers to rotate; rotating fills it in and the roll matches.
    await page
      .getByRole('region', { name: 'Minhas apostas' })
      .getByRole('link', { name: 'Verificar' })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/verify');
    await page.getByRole('heading', { name: 'A semente do servidor ainda está em segredo' }).waitFor();
    expect(await page.getByLabel('Nonce (número da aposta)').inputValue()).toBe(String(bet.nonce));
    expect(await page.getByLabel('Semente do servidor (revelada)').inputValue()).toBe('');
    await page.screenshot({ path: `${SHOTS}/verify-pending.png`, fullPage: true, animations: 'disabled' });
    await page.getByRole('button', { name: 'Trocar sementes agora e verificar' }).click();
    await expect
      .poll(() => page.getByRole('status', { name: 'Resultado' }).textContent())
      .toBe(`Dado: ${roll}`);
    await page.getByText('Confere com o hash mostrado antes das apostas.').waitFor();

    // On the next pair: a dice bet, then a limbo bet; the fairness panel's rotation reveals the pair and
    // 'Verificar a última aposta' opens this game's last bet (the dice one), not the pair's last (limbo's).
    await page.goto('/dice');
    await page.getByLabel('Valor da aposta').fill('1');
    const second = answerTo(page, '/api/app/game/dice/bet');
    await page.getByRole('button', { name: 'Apostar', exact: true }).click();
    const secondBet = await answerOf<{ roll: number; nonce: number }>(await second);
    expect(secondBet.nonce).toBe(0);
    const secondRoll = secondBet.roll.toFixed(2).replace('.', ',');
    await placeLimbo(server.baseUrl, page);
    await page.getByText('Jogo justo comprovável').click();
    await page.getByRole('button', { name: 'Trocar sementes e revelar a atual' }).click();
    await page.getByRole('link', { name: 'Verificar a última aposta' }).click();
    await page.waitForURL((url) => url.pathname === '/verify');
    expect(await page.getByLabel('Nonce (número da aposta)').inputValue()).toBe('0');
    await expect
      .poll(() => page.getByRole('status', { name: 'Resultado' }).textContent())
      .toBe(`Dado: ${secondRoll}`);
    await page.getByText('Confere com o hash mostrado antes das apostas.').waitFor();
    await page.screenshot({ path: `${SHOTS}/verify.png`, fullPage: true, animations: 'disabled' });
  });

  it('mines: a safe tile, a reload resumes the game, and the cash-out adds the payout to the balance', async () => {
    const page = await fundedPlayer();
    await page.goto('/mines');
    await expect.poll(() => page.getByLabel('balance').textContent()).toBe(brl(100));
    await page.getByLabel('Número de minas').selectOption('1');
    await page.getByLabel('Valor da aposta').fill('1');
    // With one mine the first tile is safe 24 times in 25; a mine just means another game.
    let safe = false;
    for (let game = 0; game < 8 && !safe; game++) {
      const started = answerTo(page, '/api/app/game/mines/start');
      await page.getByRole('button', { name: 'Começar o jogo' }).click();
      await answerOf(await started);
      const revealed = answerTo(page, '/api/app/game/mines/reveal');
      await page.getByRole('button', { name: 'Casa 13, fechada' }).click();
      safe = (await answerOf<{ safe: boolean }>(await revealed)).safe;
      if (!safe) await page.getByText('Boom! Você encontrou uma mina.').waitFor();
    }
    expect(safe).toBe(true);
    await page.getByRole('button', { name: 'Casa 13, segura' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/mines.png`, fullPage: true, animations: 'disabled' });

    await page.reload();
    await page.getByRole('button', { name: 'Casa 13, segura' }).waitFor();
    const cashOut = page.getByRole('button', { name: /^Retirar R\$/ });
    await cashOut.waitFor();
    const before = await headerBalance(page);
    const cashed = answerTo(page, '/api/app/game/mines/cashout');
    await cashOut.click();
    const answer = await answerOf<{ payout: number; balance: number; mineTiles: number[] }>(await cashed);
    expect(answer.payout).toBeGreaterThan(0);
    expect(answer.balance).toBeCloseTo(before + answer.payout, 2);
    await expect.poll(() => headerBalance(page)).toBeCloseTo(before + answer.payout, 2);
    // The game is over: every mine is shown.
    await page.getByRole('button', { name: `Casa ${answer.mineTiles[0]! + 1}, mina` }).waitFor();
    await page.screenshot({ path: `${SHOTS}/mines-cashed.png`, fullPage: true, animations: 'disabled' });
  });

  it('round games: the socket stays open on /double, a bet there settles live, and lucky color takes a bet', async () => {
    const page = await fundedPlayer();
    // The in-house game pages are not "play" pages: their rounds arrive through the socket.
    const roundFrames: string[] = [];
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('"gameRound"')) roundFrames.push(payload);
      }),
    );
    await page.goto('/double');
    await page.getByText(/Rodada #\d+/).waitFor();
    await page.getByLabel('Valor da aposta').fill('1');
    const placeBet = page.getByRole('button', { name: 'Apostar — Vermelho' });
    await placeBet.waitFor({ timeout: 40_000 });
    const bet = await betInOpenRound<{ roundId: number; balance: number }>(
      page,
      placeBet,
      '/api/app/game/double/bet',
    );
    expect(bet.balance).toBeCloseTo(99, 2);
    await expect.poll(() => headerBalance(page)).toBeCloseTo(99, 2);
    await page.getByText('R$ 1,00 Vermelho').waitFor();
    // The round rolls and settles; the bet history shows the outcome, and a win is paid into the header.
    const history = page.getByRole('region', { name: 'Minhas apostas' });
    await history.getByText(/Aposta Vermelho · saiu \d+/).waitFor({ timeout: 45_000 });
    expect(roundFrames.length).toBeGreaterThan(0);
    const settled = await history
      .getByText(/Aposta Vermelho · saiu \d+/)
      .first()
      .textContent();
    const won = /\(Vermelho\)/.test(settled ?? '');
    await expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBeCloseTo(won ? 101 : 99, 2);
    await page.screenshot({ path: `${SHOTS}/double-settled.png`, fullPage: true, animations: 'disabled' });
    // Any result dot opens the verifier, which loads the revealed round and proves it against the chain.
    const lastRoll = await page.getByRole('list', { name: 'Últimos resultados' }).getByRole('link').first();
    const roundName = (await lastRoll.getAttribute('aria-label')) ?? '';
    const roll = (await lastRoll.textContent())?.replace('★', '0');
    await lastRoll.click();
    await page.waitForURL((url) => url.pathname === '/verify');
    await expect
      .poll(() => page.getByRole('status', { name: 'Resultado' }).textContent())
      .toMatch(new RegExp(`^Giro: ${roll} \\(`));
    const round = Number(/\d+$/.exec(roundName)?.[0]) - 1;
    await page.getByText(`A semente pertence à cadeia publicada: rodada ${round}.`).waitFor();

    await page.goto('/luckyColor');
    await page.getByRole('tab', { name: '30 seg' }).click();
    await page.getByRole('button', { name: /^Verde/ }).click();
    await page.getByLabel('Valor da aposta').fill('1');
    const luckyBet = page.getByRole('button', { name: 'Apostar R$ 1,00 em Verde' });
    await luckyBet.waitFor({ timeout: 40_000 });
    const lucky = await betInOpenRound<{ issue: string; balance: number }>(
      page,
      luckyBet,
      '/api/app/game/luckyColor/bet',
    );
    await expect.poll(() => headerBalance(page)).toBeCloseTo(lucky.balance, 2);
    await page.getByText(`Resultado do período ${lucky.issue}:`).waitFor({ timeout: 45_000 });
    await page.screenshot({ path: `${SHOTS}/luckyColor-drawn.png`, fullPage: true, animations: 'disabled' });
    const drawn = await page.locator('.lucky-drawn .ball').textContent();
    await page.getByRole('link', { name: `Verificar o período ${lucky.issue}` }).click();
    await page.waitForURL((url) => url.pathname === '/verify');
    await expect
      .poll(() => page.getByRole('status', { name: 'Resultado' }).textContent())
      .toMatch(new RegExp(`^Número: ${drawn} \\(`));
    await page.getByRole('button', { name: 'Procurar a rodada na cadeia' }).click();
    await page.getByText(/^A semente pertence à cadeia publicada: rodada \d+\.$/).waitFor();
    await page.screenshot({ path: `${SHOTS}/verify-round.png`, fullPage: true, animations: 'disabled' });
  }, 180_000);

  it('a bet without funds is refused (500/9999): the alert, then home; the balance does not move', async () => {
    const { page } = phone;
    await registerThroughUi(page, newEmail('semsaldo'), 'segredo123');
    await page.goto('/limbo');
    await expect.poll(() => page.getByLabel('balance').textContent()).toBe(brl(0));
    await page.getByLabel('Valor da aposta').fill('1');
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/app/game/limbo/bet',
    );
    await page.getByRole('button', { name: 'Apostar', exact: true }).click();
    const refused = await answered;
    expect(refused.status()).toBe(500);
    expect(((await refused.json()) as Envelope<unknown>).status).toBe(9999);
    await page.getByText('Saldo insuficiente').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    expect(await headerBalance(page)).toBe(0);
  });

  it('every game page draws on a phone (screenshots)', async () => {
    const page = await fundedPlayer();
    const pages: { path: string; ready: (page: Page) => Promise<unknown> }[] = [
      { path: '/limbo', ready: (p) => p.getByLabel('Multiplicador sorteado').waitFor() },
      { path: '/rowDouble', ready: (p) => p.getByRole('img', { name: 'Roleta' }).waitFor() },
      { path: '/double', ready: (p) => p.getByText(/Rodada #\d+/).waitFor() },
      { path: '/luckyColor', ready: (p) => p.getByText(/^\d{2}:\d{2}$/).waitFor() },
    ];
    for (const { path, ready } of pages) {
      await page.goto(path);
      await ready(page);
      await page.screenshot({ path: `${SHOTS}${path}.png`, fullPage: true, animations: 'disabled' });
    }
    // A row double spin and a limbo bet, for the result states.
    await page.goto('/rowDouble');
    await page.getByLabel('Valor da aposta').fill('1');
    const spun = answerTo(page, '/api/app/game/rowDouble/bet');
    await page.getByRole('button', { name: 'Girar — Vermelho' }).click();
    const before = await headerBalance(page);
    const spin = await answerOf<{ balance: number }>(await spun);
    // While the wheel turns, neither the header balance nor the history gives the result away.
    expect(await page.getByLabel('Resultado do giro').textContent()).toBe('Girando...');
    expect(await headerBalance(page)).toBe(before);
    expect(
      await page
        .getByRole('region', { name: 'Minhas apostas' })
        .getByText(/saiu \d+/)
        .count(),
    ).toBe(0);
    await page
      .getByLabel('Resultado do giro')
      .getByText(/Saiu \d+/)
      .waitFor();
    // Then both show it.
    await expect.poll(() => headerBalance(page)).toBeCloseTo(spin.balance, 2);
    await page
      .getByRole('region', { name: 'Minhas apostas' })
      .getByText(/saiu \d+/)
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/rowDouble-result.png`, fullPage: true, animations: 'disabled' });
  });
});
