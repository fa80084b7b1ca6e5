import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession, waitUntilStill } from './support/browser.ts';
import { api, operatorToken } from './support/desktop.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
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

/** Remembers the socket's balance pushes, so a journey can wait for the one a claim causes. */
function recordBalancePushes(page: PhoneSession['page']): { count(): number } {
  let pushes = 0;
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.includes('"insBalance"')) pushes += 1;
    });
  });
  return { count: () => pushes };
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
    const pushes = recordBalancePushes(page);
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
    await page.goto('/signInSheet');
    const before = pushes.count();
    await page.getByRole('button', { name: 'Fazer check-in e receber R$ 1,00' }).click();
    const toast = page.getByText('Dia 1: R$ 1,00 recebido');
    await toast.waitFor();
    await expect.poll(() => pushes.count(), { timeout: 10_000 }).toBeGreaterThan(before);
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
      await kyc.getByLabel('CPF').fill('529.982.247-25');
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
      const psp = page.frameLocator('iframe[title="Página de pagamento PIX"]');
      await psp.getByRole('button', { name: 'Simular pagamento' }).click();
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
});
