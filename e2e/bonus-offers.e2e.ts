import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession, waitUntilStill } from './support/browser.ts';
import { api, openDesktop, operatorSignIn, operatorToken } from './support/desktop.ts';
import { newCpf, newEmail, registerThroughUi } from './support/journeys.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 27 on a phone: the deposit offers never stack nor cover a just-claimed reward, 'Depositar sem bônus' holds
// for the recharge bonus too, and the low-balance offer and /bonus show the server's own wagering multiples.
const shotsDir = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'aposta-e2e-shots');
const OWNER = { username: 'e2e-bonus-owner', password: 'e2e-bonus-owner-2026' };

async function shoot(page: PhoneSession['page'], sheet: Locator, name: string): Promise<void> {
  await waitUntilStill(sheet);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

/** The deposit offers' sheets, by their titles. */
const offerTitles = ['Oferta de depósito', 'Depósito', 'Saldo baixo'];

async function visibleOffers(page: PhoneSession['page']): Promise<string[]> {
  const shown: string[] = [];
  for (const title of offerTitles) {
    if (await page.getByRole('dialog', { name: title, exact: true }).isVisible()) shown.push(title);
  }
  return shown;
}

/**
 * Remembers the socket's connections and balance pushes, so a journey can wait for the ones it causes. socket.io
 * starts on HTTP long-polling and upgrades to a WebSocket, so packets are read from both.
 */
function recordSocket(page: PhoneSession['page']): { connects(): number; pushes(): number } {
  let connects = 0;
  let pushes = 0;
  const read = (payload: string) => {
    // '40' is socket.io's answer to the client's connect packet: the player's room is joined.
    for (const packet of payload.split('\u001e')) {
      if (packet.startsWith('40')) connects += 1;
      if (packet.startsWith('42["insBalance"')) pushes += 1;
    }
  };
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string') read(frame.payload);
    });
  });
  page.on('response', (response) => {
    if (!response.url().includes('/gamecenter-siop/') || response.request().method() !== 'GET') return;
    void response.text().then(read, () => undefined);
  });
  return { connects: () => connects, pushes: () => pushes };
}

describe('bonus offers in a phone browser', () => {
  let server: RunningServer;
  let phone: PhoneSession;
  let operator: string;
  beforeAll(async () => {
    server = await startServer({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password });
    operator = await operatorToken(server.baseUrl, OWNER.username, OWNER.password);
  });
  afterAll(async () => server?.stop());
  beforeEach(async () => {
    phone = await openPhone(server.baseUrl);
  });
  afterEach(async () => {
    expect(phone.errors).toEqual([]);
    await phone.close();
  });

  it('sign-up shows one offer; a R$ 1 check-in shows its toast with no low-balance upsell over it', async () => {
    const { page } = phone;
    const socket = recordSocket(page);
    await registerThroughUi(page, newEmail('ofertas'), 'segredo123');

    // Registration's offer is the one offer on screen (spec.md section 4), never stacked with another.
    const offer = page.getByRole('dialog', { name: 'Oferta de depósito' });
    await offer.getByRole('button', { name: 'Agora não' }).waitFor();
    expect(await visibleOffers(page)).toEqual(['Oferta de depósito']);
    await shoot(page, offer, 'bonus-signup-offer');
    await offer.getByRole('button', { name: 'Agora não' }).click();
    await offer.waitFor({ state: 'hidden' });

    // The check-in credits R$ 1,00 of bonus; its balance push (cash still R$ 0,00, below R$ 10) must not open
    // the low-balance offer over the toast, nor after it.
    // The page load opens a new socket: claim once it is connected, or the push would have nobody to reach.
    const connected = socket.connects();
    await page.goto('/signInSheet');
    await expect.poll(() => socket.connects(), { timeout: 20_000 }).toBeGreaterThan(connected);
    const before = socket.pushes();
    await page.getByRole('button', { name: 'Fazer check-in e receber R$ 1,00' }).click();
    const toast = page.getByText('Dia 1: R$ 1,00 recebido');
    await toast.waitFor();
    await expect.poll(() => socket.pushes(), { timeout: 10_000 }).toBeGreaterThan(before);
    expect(await visibleOffers(page)).toEqual([]);
    await page.screenshot({ path: path.join(shotsDir, 'bonus-checkin-toast.png') });
    await toast.waitFor({ state: 'hidden' });
    expect(await visibleOffers(page)).toEqual([]);
  });

  it("'Depositar sem bônus' keeps the recharge bonus out too; /bonus and the low-balance offer show the server's multiples", async () => {
    const { page } = phone;
    const campaign = await api<{ id: number }>(server.baseUrl, 'POST', '/api/admin/discounts', {
      token: operator,
      body: {
        name: 'Recarga 10 %',
        audience: 'everyone',
        discount: 0.1,
        hours: null,
        startsAt: Date.now() - 60_000,
        endsAt: Date.now() + 3_600_000,
        enabled: true,
      },
    });
    expect(campaign.http, campaign.message).toBe(200);
    try {
      await registerThroughUi(page, newEmail('semBonus'), 'segredo123');
      const offer = page.getByRole('dialog', { name: 'Oferta de depósito' });
      await offer.getByRole('button', { name: 'Agora não' }).click();
      await offer.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Depositar', exact: true }).click();
      const kyc = page.getByRole('dialog', { name: 'Verificação de identidade' });
      await kyc.getByLabel('Nome completo').fill('Joana Pereira');
      await kyc.getByLabel('CPF').fill(newCpf());
      await kyc.getByRole('button', { name: 'Enviar' }).click();

      // The recharge bonus is named a bonus; with the opt-out ticked it is struck and the page says nothing goes
      // to the bonus balance.
      const deposit = page.getByRole('dialog', { name: 'Depósito', exact: true });
      await deposit.getByText('+10% de bônus na recarga').waitFor();
      // Package R$ 100 carries a R$ 15 gift; with the recharge bonus, R$ 25 of bonus.
      await deposit.getByText('+ R$ 25,00 de bônus').waitFor();
      await deposit.getByRole('checkbox', { name: /sem bônus/ }).check();
      await deposit.getByText(/^Sem bônus: o depósito vai inteiro para o saldo principal/).waitFor();
      expect(await deposit.getByText(/de bônus$/).count()).toBe(0);
      await shoot(page, deposit, 'bonus-deposit-opt-out');
      await deposit.getByRole('button', { name: 'Confirmar depósito' }).click();

      const payment = page.getByRole('dialog', { name: 'Deposit' });
      // The payment page's button works once its script has run: click after the frame's load event.
      await page.locator('iframe[title="Página de pagamento PIX"]').waitFor();
      await expect
        .poll(() => page.frames().some((frame) => frame.url().includes('/api/pay/pix/')))
        .toBe(true);
      const psp = page.frames().find((frame) => frame.url().includes('/api/pay/pix/'))!;
      await psp.waitForLoadState('load');
      // The sheet slides in with a JavaScript spring, which moves the frame: Playwright's own stability check sees
      // only the button inside the frame, so a click while the sheet still moved landed beside it.
      await waitUntilStill(page.locator('iframe[title="Página de pagamento PIX"]'));
      await psp.getByRole('button', { name: 'Simular pagamento' }).click();
      // The emulated PSP's payer page opens in the frame: the player's bank pays it.
      await psp.getByRole('button', { name: /^Pagar/ }).click();
      await page.getByText('Recarga bem-sucedida, continue fazendo apostas').waitFor();
      await payment.waitFor({ state: 'hidden' });
      await expect.poll(() => page.getByLabel('balance').textContent()).toMatch(/R\$\s100,00/);
      // The player said no bonus: none arrives, the recharge bonus included.
      await page.getByText(/^Bônus R\$\s0,00$/).waitFor();

      // The back office lists exactly what was credited as bonus: nothing.
      const deposits = await api<{ records: { gift: number; status: string }[] }>(
        server.baseUrl,
        'GET',
        '/api/admin/deposits?page=1&size=5',
        { token: operator },
      );
      expect(deposits.data.records[0]).toMatchObject({ status: '10', gift: 0 });
      const desk = await openDesktop(server.baseUrl);
      try {
        await operatorSignIn(desk.page, OWNER.username, OWNER.password);
        await desk.page.goto('/admin/deposits');
        const paidRow = desk.page.getByRole('row').filter({ hasText: 'R$ 100,00' }).first();
        await paidRow.waitFor();
        expect(await paidRow.textContent()).toMatch(/R\$\s100,00R\$\s0,00/);
        await desk.page.screenshot({ path: path.join(shotsDir, 'bonus-admin-deposits.png') });
        expect(desk.errors).toEqual([]);
      } finally {
        await desk.close();
      }

      // /bonus: the rules the server applies, the player's own cash never held.
      await page.goto('/bonus');
      await page.getByText('Bônus de depósito: aposte 15 vezes o valor do bônus antes do saque.').waitFor();
      await page.getByText(/^Seu próprio dinheiro \(saldo principal\) nunca fica preso/).waitFor();
      await page.getByText('Prêmio de aumento: aposte 1× o valor antes do saque.').waitFor();
      await page.getByText('Bônus de recarga: aposte 1× o valor antes do saque.').waitFor();
      await page.screenshot({ path: path.join(shotsDir, 'bonus-page-rules.png'), fullPage: true });
    } finally {
      await api(server.baseUrl, 'POST', `/api/admin/discounts/${campaign.data.id}`, {
        token: operator,
        body: { enabled: false },
      });
    }
  });

  it('the low-balance offer says the multiple the server applies and "falta apostar" for an unreleased bonus', async () => {
    const { page } = phone;
    await registerThroughUi(page, newEmail('saldoBaixo'), 'segredo123');
    const offer = page.getByRole('dialog', { name: 'Oferta de depósito' });
    await offer.getByRole('button', { name: 'Agora não' }).click();
    await offer.waitFor({ state: 'hidden' });
    // A check-in's R$ 1,00 of bonus, wagered 1×: /bonus says what is left to bet.
    await page.goto('/signInSheet');
    await page.getByRole('button', { name: 'Fazer check-in e receber R$ 1,00' }).click();
    await page.getByText('Dia 1: R$ 1,00 recebido').waitFor();
    await page.goto('/bonus');
    await page.getByText('Faltam R$ 1,00 em apostas para liberar o bônus.').waitFor();
    const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    const info = await api<{ uId: number }>(server.baseUrl, 'GET', '/api/app/user/userInfo', { token });

    // An operator credits R$ 5 of bonus (an adjustment, no wagering): its balance push with cash at R$ 0,00 opens the offer.
    const adjusted = await api(server.baseUrl, 'POST', `/api/admin/players/${info.data.uId}/adjust`, {
      token: operator,
      body: { account: 'bonus', amount: 5, reason: 'e2e: bônus de cortesia' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(adjusted.http, adjusted.message).toBe(200);
    const lowBalance = page.getByRole('dialog', { name: 'Saldo baixo' });
    await lowBalance.getByText('O bônus vai para o saldo de bônus e precisa ser apostado 15 vezes').waitFor();
    await lowBalance.getByText('Você tem R$ 6,00 de bônus: falta apostar R$ 1,00 para liberá-lo.').waitFor();
    expect(await lowBalance.getByText(/bônus 2×/).count()).toBe(0);
    expect(await visibleOffers(page)).toEqual(['Saldo baixo']);
    await shoot(page, lowBalance, 'bonus-low-balance-offer');
  });

  it('the increase popup counts up to the R$ it credits, and the toast names the same amount', async () => {
    const { page } = phone;
    await registerThroughUi(page, newEmail('aumento'), 'segredo123');
    const offer = page.getByRole('dialog', { name: 'Oferta de depósito' });
    await offer.getByRole('button', { name: 'Agora não' }).click();
    await offer.waitFor({ state: 'hidden' });
    const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    const info = await api<{ uId: number }>(server.baseUrl, 'GET', '/api/app/user/userInfo', { token });
    const funded = await api(server.baseUrl, 'POST', `/api/admin/players/${info.data.uId}/adjust`, {
      token: operator,
      body: { account: 'cash', amount: 500, reason: 'e2e: saldo para apostar' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(funded.http, funded.message).toBe(200);
    await expect.poll(() => page.getByLabel('balance').textContent()).toMatch(/R\$\s500,00/);

    // R$ 220 staked reaches the operator's threshold (R$ 200, bouns 1.05): the offer is R$ 11,00.
    const bet = await api(server.baseUrl, 'POST', '/api/app/game/dice/bet', {
      token,
      body: { amount: 220, target: 50, direction: 'under' },
    });
    expect(bet.http, bet.message).toBe(200);
    const popup = page.getByRole('dialog', { name: 'Seu prêmio aumentou!' });
    await popup.getByText('5% de R$ 220,00 apostados').waitFor();
    await expect.poll(() => popup.getByRole('status').textContent()).toBe('R$ 11,00');
    await popup.getByText('O prêmio vai para o saldo de bônus: aposte 1× o valor para sacá-lo.').waitFor();
    await shoot(page, popup, 'bonus-increase-popup');
    await popup.getByRole('button', { name: 'RECEBER' }).click();
    await page.getByText('Prêmio de R$ 11,00 recebido').waitFor();
    await page.getByText(/^Bônus R\$\s11,00$/).waitFor();
  });
});
