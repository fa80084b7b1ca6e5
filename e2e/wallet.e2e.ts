import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession, waitUntilPageStill, waitUntilStill } from './support/browser.ts';
import { api, operatorToken } from './support/desktop.ts';
import { newCpf, newEmail, registerThroughUi } from './support/journeys.ts';
import { CAPTCHA_BYPASS, type RunningServer, startServer } from './support/server.ts';

// Screenshots of the wallet overlays on the phone viewport, for a person to look at.
const shotsDir = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'aposta-e2e-shots');
// antd-mobile's popups slide in with a JavaScript spring; a picture taken mid-slide shows them cut off.
async function shoot(page: PhoneSession['page'], name: string): Promise<void> {
  await waitUntilPageStill(page);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

// The operator who approves KYC in the back office's queue: withdrawals need approved KYC (issue 15).
const OPERATOR = { username: 'chefe-carteira', password: 'senha-do-operador-2' };

/** The operator approves the player's KYC from the queue, as a reviewer would in the back office. */
async function approveKycOf(baseUrl: string, username: string): Promise<void> {
  const token = await operatorToken(baseUrl, OPERATOR.username, OPERATOR.password);
  const queue = await api<{ records: { uId: number; username: string }[] }>(
    baseUrl,
    'GET',
    '/api/admin/kyc?size=100',
    {
      token,
    },
  );
  const record = queue.data.records.find((entry) => entry.username === username.toLowerCase());
  if (!record) throw new Error(`no KYC of ${username} in the queue`);
  const approved = await api(baseUrl, 'POST', `/api/admin/kyc/${record.uId}`, {
    token,
    body: { decision: 'approve' },
  });
  expect(approved.http).toBe(200);
}

describe('wallet in a phone browser', () => {
  let server: RunningServer;
  let phone: PhoneSession;
  beforeAll(async () => {
    // This journey follows the money to the payout; an operator's review of withdrawals (on by default, so a
    // first withdrawal waits for a person) has its own journey in admin.e2e.ts.
    server = await startServer({
      WITHDRAWAL_REVIEW: '0',
      ADMIN_USERNAME: OPERATOR.username,
      ADMIN_PASSWORD: OPERATOR.password,
    });
  });
  afterAll(async () => server.stop());
  beforeEach(async () => {
    phone = await openPhone(server.baseUrl);
  });
  afterEach(async () => {
    expect(phone.errors).toEqual([]);
    await phone.close();
  });

  it('a new player passes KYC, deposits R$ 100 through the PSP emulator’s PIX page, sees it without a reload, withdraws R$ 50 to a CPF key and finds both in the records', async () => {
    const { page } = phone;
    const email = newEmail('carteira');
    await registerThroughUi(page, email, 'segredo123');
    // A full page load would drop this marker: the balance must change through the socket alone.
    await page.evaluate(() => {
      (window as unknown as { journeyMarker: string }).journeyMarker = 'same page';
    });

    // Registration opens the second-deposit offer; the player declines it for now.
    const offer = page.getByRole('dialog', { name: 'Oferta de depósito' });
    await offer.getByRole('button', { name: /^Depositar R\$ 100,00 / }).waitFor();
    await shoot(page, 'second-deposit');
    await offer.getByRole('button', { name: 'Agora não' }).click();
    await offer.waitFor({ state: 'hidden' });

    // Deposit from the + beside the header balance (the bonus balance shows under it): without KYC the identity
    // form comes first, centred inside the phone's width (it used to stick out 16 px on the first popup).
    await page.getByText(/^Bônus R\$\s0,00$/).waitFor();
    await page.getByRole('button', { name: 'Depositar', exact: true }).click();
    const kyc = page.getByRole('dialog', { name: 'Verificação de identidade' });
    await kyc.getByLabel('Nome completo').waitFor();
    await waitUntilStill(kyc);
    const kycBox = await kyc.boundingBox();
    expect(kycBox).not.toBeNull();
    expect(kycBox!.x).toBeGreaterThanOrEqual(0);
    expect(kycBox!.x + kycBox!.width).toBeLessThanOrEqual(390);
    expect(Math.abs(kycBox!.x - (390 - kycBox!.x - kycBox!.width))).toBeLessThan(2);
    await kyc.getByLabel('Nome completo').fill('Maria da Silva');
    await kyc.getByLabel('CPF').fill('529.982.247-26');
    await kyc.getByRole('button', { name: 'Enviar' }).click();
    await kyc.getByText('CPF inválido: confira os números').waitFor();
    await shoot(page, 'kyc');
    // A CPF of this run's own: a retry of this journey registers a new player, and a CPF belongs to one account.
    const cpf = newCpf();
    await kyc.getByLabel('CPF').fill(cpf);
    await kyc.getByRole('button', { name: 'Enviar' }).click();

    // Back on the deposit page: R$ 100 is preselected; opting out keeps the money free of wagering.
    const deposit = page.getByRole('dialog', { name: 'Depósito' });
    await deposit.getByRole('radio', { name: /^R\$ 100,/ }).waitFor();
    expect(await deposit.getByRole('radio', { name: /^R\$ 100,/ }).isChecked()).toBe(true);
    await deposit.getByText('+R$ 15').waitFor();
    await deposit.getByRole('checkbox', { name: /sem bônus/ }).check();
    await shoot(page, 'deposit');
    // Listen before the click: a quick answer would otherwise come before the wait starts.
    const firstOrder = page.waitForResponse((response) => response.url().includes('/api/app/order/prePay/'));
    await deposit.getByRole('button', { name: 'Confirmar depósito' }).click();

    // 'Cancelar recarga' cancels the order at the server: the page closes and the order is '01' (cancelled).
    const payment = page.getByRole('dialog', { name: 'Deposit' });
    await payment.getByRole('button', { name: 'Cancelar recarga' }).waitFor();
    const cancelledOrderId = ((await (await firstOrder).json()) as { data: { orderId: number } }).data
      .orderId;
    const cancelled = page.waitForResponse((response) =>
      response.url().endsWith(`/api/app/order/cancel/${cancelledOrderId}`),
    );
    await payment.getByRole('button', { name: 'Cancelar recarga' }).click();
    expect((await cancelled).status()).toBe(200);
    await payment.waitFor({ state: 'hidden' });
    await deposit.getByText('Recarga cancelada. Nenhum valor foi cobrado.').waitFor();
    const sessionToken = await page.evaluate(() => localStorage.getItem('token'));
    const statusAnswer = await fetch(`${server.baseUrl}/api/app/order/getStatus/${cancelledOrderId}`, {
      headers: { Authorization: sessionToken ?? '' },
    });
    expect(((await statusAnswer.json()) as { data: { status: string } }).data.status).toBe('01');
    await deposit.getByRole('button', { name: 'Confirmar depósito' }).click();

    // The payment page (the PSP emulator's BR Code) in the 'Deposit' popup; nothing is credited until it confirms.
    await payment.getByRole('button', { name: 'Concluí o pagamento' }).waitFor();
    const psp = page.frameLocator('iframe[title="Página de pagamento PIX"]');
    await psp.getByText('R$ 100,00').waitFor();
    await shoot(page, 'payment');
    await payment.getByRole('button', { name: 'Concluí o pagamento' }).click();
    await payment.getByText('Recarregado').waitFor();
    await shoot(page, 'payment-pending');
    expect(await page.getByLabel('balance').textContent()).toMatch(/R\$\s0,00/);

    await psp.getByRole('button', { name: 'Simular pagamento' }).click();
    // The emulated PSP's payer page in the same frame: the payer's CPF and name are the player's, as KYC sent them.
    await psp.getByLabel('CPF do pagador').waitFor();
    await shoot(page, 'payer-page');
    await psp.getByRole('button', { name: /^Pagar/ }).click();
    // The webhook credits the order; the socket closes the popups, says so and updates the header.
    await page.getByText('Recarga bem-sucedida, continue fazendo apostas').waitFor();
    await payment.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByLabel('balance').textContent()).toMatch(/R\$\s100,00/);
    expect(await page.evaluate(() => (window as unknown as { journeyMarker?: string }).journeyMarker)).toBe(
      'same page',
    );

    // Withdrawals need approved KYC: the operator approves the identity sent above from the back office's queue.
    await approveKycOf(server.baseUrl, email);

    // Withdraw R$ 50 to a CPF PIX key, after the client's own checks refuse two mistakes.
    await page.getByRole('button', { name: 'Minha conta' }).click();
    await page.getByRole('button', { name: 'Saque' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Saque' });
    await withdraw.getByText('Disponível para saque: R$ 100,00').waitFor();
    expect(await withdraw.getByRole('tab', { name: 'CPF' }).getAttribute('aria-selected')).toBe('true');
    expect(await withdraw.getByRole('tab', { name: 'USDT' }).count()).toBe(0);
    await withdraw.getByLabel('Valor do saque').fill('500');
    expect(await withdraw.getByLabel('Valor do saque').inputValue()).toBe('100,00');
    await withdraw.getByLabel('Valor do saque').fill('10');
    await withdraw.getByRole('button', { name: 'Solicitar saque' }).click();
    await withdraw.getByText('Montante mínimo de retirada:R$ 20,00').waitFor();
    await withdraw.getByLabel('Valor do saque').fill('50');
    await withdraw.getByRole('button', { name: 'Solicitar saque' }).click();
    await withdraw.getByText('Por favor, preencha as informações de retirada').waitFor();
    await withdraw.getByLabel('Chave PIX (CPF)').fill('529.982.247-24');
    await withdraw.getByRole('button', { name: 'Solicitar saque' }).click();
    await withdraw.getByText('CPF inválido: confira os números').waitFor();
    await withdraw.getByLabel('Chave PIX (CPF)').fill(cpf.replace(/\D/g, ''));
    await withdraw.getByLabel('Nome do titular').fill('Maria da Silva');
    await shoot(page, 'withdraw');
    await withdraw.getByRole('button', { name: 'Solicitar saque' }).click();
    await page.getByText('Solicitação de saque bem-sucedida!').waitFor();
    await withdraw.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/home');
    await expect.poll(() => page.getByLabel('balance').textContent()).toMatch(/R\$\s50,00/);
    await shoot(page, 'home-header');

    // The welcome banner's offer is a deposit bonus, and the header balance is where players look for the
    // deposit: both open the deposit page.
    for (const opener of [
      page.getByRole('button', { name: /Bônus de boas-vindas/ }),
      page.getByTitle('Saldo'),
    ]) {
      await opener.click();
      await deposit.getByRole('radio', { name: /^R\$ 100,/ }).waitFor();
      await deposit.getByRole('button', { name: 'Fechar' }).click();
      await offer.getByRole('button', { name: 'Agora não' }).click();
      await offer.waitFor({ state: 'hidden' });
    }

    // The records list both: the deposit credited, the withdrawal pending or already paid.
    await page.getByRole('button', { name: 'Minha conta' }).click();
    await page.getByRole('button', { name: 'Histórico' }).click();
    await page.waitForURL((url) => url.pathname === '/registros');
    const list = page.getByRole('list', { name: 'Todos' });
    const depositRow = list
      .getByRole('listitem')
      .filter({ hasText: 'Depósito' })
      .filter({ hasText: 'Creditado' });
    const cancelledRow = list
      .getByRole('listitem')
      .filter({ hasText: 'Depósito' })
      .filter({ hasText: 'Cancelado' });
    const withdrawRow = list.getByRole('listitem').filter({ hasText: 'Saque' });
    await depositRow.getByText('Creditado').waitFor();
    expect(await cancelledRow.textContent()).toContain(String(cancelledOrderId));
    expect(await depositRow.textContent()).toMatch(/\+R\$\s100,00/);
    expect(await withdrawRow.textContent()).toMatch(/R\$\s50,00/);
    expect(await withdrawRow.textContent()).toMatch(/Pendente|Pago/);
    await shoot(page, 'records');

    // Transfer R$ 10 of the withdrawable cash to another player, by email, from the records page.
    const friend = newEmail('amigo');
    const registered = await fetch(`${server.baseUrl}/api/auth/user/restRegister`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username: friend,
        pwd: 'segredo123',
        pwd1: 'segredo123',
        codeId: 4242,
        captCode: CAPTCHA_BYPASS,
      }),
    });
    expect(registered.status).toBe(200);
    await page.getByRole('button', { name: 'Transferir' }).click();
    const transfer = page.getByRole('dialog', { name: 'Transferir' });
    await transfer.getByText('Disponível para transferir: R$ 50,00').waitFor();
    await transfer.getByLabel('Usuário de destino').fill(friend);
    await transfer.getByLabel('Valor da transferência').fill('10');
    await shoot(page, 'transfer');
    await transfer.getByRole('button', { name: 'Enviar transferência' }).click();
    await page.getByText('Transferência concluída').waitFor();
    await transfer.waitFor({ state: 'hidden' });
    // The transfers tab lists it, sent: minus, the friend's name masked.
    await page.getByRole('tab', { name: 'Transferências' }).click();
    const sent = page.getByRole('list', { name: 'Transferências' }).getByRole('listitem').first();
    await sent.getByText('Enviada').waitFor();
    expect(await sent.textContent()).toMatch(/−R\$\s10,00/);
    expect(await sent.textContent()).toContain('Para am***@ex***.com');
    await shoot(page, 'records-transfers');

    // Closing the deposit page while packages carry gifts offers the second deposit (spec.md section 4).
    await page.getByRole('button', { name: 'Depositar' }).click();
    await deposit.getByRole('radio', { name: /^R\$ 100,/ }).waitFor();
    await deposit.getByRole('button', { name: 'Fechar' }).click();
    await offer.getByRole('button', { name: 'Agora não' }).click();
    await offer.waitFor({ state: 'hidden' });

    // A withdrawal that leaves less than R$ 10 brings the low-balance offer through the socket's insBalance.
    await page.getByRole('button', { name: 'Sacar' }).click();
    await withdraw.getByText('Disponível para saque: R$ 40,00').waitFor();
    // The saved CPF account is filled in again.
    expect(await withdraw.getByLabel('Chave PIX (CPF)').inputValue()).toBe(cpf.replace(/\D/g, ''));
    await withdraw.getByLabel('Valor do saque').fill('35');
    await withdraw.getByRole('button', { name: 'Solicitar saque' }).click();
    const lowBalance = page.getByRole('dialog', { name: 'Saldo baixo' });
    await lowBalance.getByText('Seu saldo é R$ 5,00').waitFor();
    await lowBalance.getByRole('radio', { name: /^R\$ 10,/ }).waitFor();
    expect(await lowBalance.getByRole('radio').count()).toBe(4);
    await shoot(page, 'low-balance');
    await lowBalance.getByRole('button', { name: 'Fechar' }).click();
    await lowBalance.waitFor({ state: 'hidden' });
    // The payout confirmation pushes the same low balance again: the declined offer stays closed.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await expect
      .poll(
        async () => {
          const answer = await fetch(`${server.baseUrl}/api/app/order/records?type=11`, {
            headers: { Authorization: token ?? '' },
          });
          const body = (await answer.json()) as { data: { records: { status: string }[] } };
          return body.data.records.map((record) => record.status);
        },
        { timeout: 20_000 },
      )
      .toEqual(['10', '10']);
    // The balance push that would open the low-balance offer has arrived once the header shows R$ 5,00.
    await expect.poll(() => page.getByLabel('balance').textContent()).toMatch(/R\$\s5,00/);
    await waitUntilPageStill(page);
    expect(await lowBalance.isVisible()).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { journeyMarker?: string }).journeyMarker)).toBe(
      'same page',
    );
  });
  it('a player without KYC is told on the withdraw page that withdrawals need an approved identity, led to the form, and then told it is in review', async () => {
    const { page } = phone;
    await registerThroughUi(page, newEmail('sem-kyc'), 'segredo123');
    const offer = page.getByRole('dialog', { name: 'Oferta de depósito' });
    await offer.getByRole('button', { name: 'Agora não' }).click();
    await offer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Minha conta' }).click();
    await page.getByRole('button', { name: 'Saque' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Saque' });
    await withdraw.waitFor();
    const notice = withdraw.getByRole('alert', { name: 'Verifique sua identidade para sacar' });
    await notice.getByText('a análise costuma levar até 24 horas', { exact: false }).waitFor();
    expect(await withdraw.getByRole('button', { name: 'Solicitar saque' }).isDisabled()).toBe(true);
    await shoot(page, 'withdraw-needs-kyc');
    await notice.getByRole('button', { name: 'Verificar identidade' }).click();
    const kyc = page.getByRole('dialog', { name: 'Verificação de identidade' });
    await kyc.getByLabel('Nome completo').fill('Paula Souza');
    await kyc.getByLabel('CPF').fill('111.444.777-35');
    await kyc.getByRole('button', { name: 'Enviar' }).click();
    // Sent: the form comes back to the withdraw page, which says the identity is in review (decision 0029).
    await withdraw.getByRole('alert', { name: 'Identidade em análise' }).waitFor();
    expect(await withdraw.getByRole('alert', { name: 'Verifique sua identidade para sacar' }).count()).toBe(
      0,
    );
  });
});
