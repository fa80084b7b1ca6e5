import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession, waitUntilStill } from './support/browser.ts';
import { api, operatorToken, registerPlayerByApi } from './support/desktop.ts';
import { loginThroughUi, newCpf, newEmail } from './support/journeys.ts';
import { type Envelope, payAtEmulator, reais } from './support/money.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Withdrawals that hold (issue 27, decision 0029), on a phone: a bonus never freezes the player's own deposit and
// a withdrawal asks before it forfeits the bonus; an identity in review or rejected is said before the form, and
// /conta never says "Verificada" before the approval.
const shotsDir = process.env.E2E_SHOTS_DIR ?? '/tmp/shots/withdraw';
const OPERATOR = { username: 'chefe-saques', password: 'senha-do-operador-9' };
const CPF = newCpf();

describe('withdrawals that hold, on a phone', () => {
  let server: RunningServer;
  let phone: PhoneSession;
  let operator: string;
  beforeAll(async () => {
    fs.mkdirSync(shotsDir, { recursive: true });
    server = await startServer({
      WITHDRAWAL_REVIEW: '0',
      ADMIN_USERNAME: OPERATOR.username,
      ADMIN_PASSWORD: OPERATOR.password,
    });
    operator = await operatorToken(server.baseUrl, OPERATOR.username, OPERATOR.password);
  });
  afterAll(async () => server.stop());
  beforeEach(async () => {
    phone = await openPhone(server.baseUrl);
  });
  afterEach(async () => {
    expect(phone.errors).toEqual([]);
    await phone.close();
  });

  /** A player who sent the identity form (name, CPF, birth date): the review is pending. */
  async function playerInReview(cpf: string) {
    const player = await registerPlayerByApi(server.baseUrl, newEmail('saque'));
    const sent = await api(server.baseUrl, 'POST', '/api/app/user/updateKyc', {
      token: player.token,
      body: { name: 'Maria Silva', cardNo: cpf, birthDate: '1990-05-17' },
    });
    expect(sent.http).toBe(200);
    return player;
  }

  const review = async (uId: number, decision: 'approve' | 'reject', reason?: string) => {
    const answer = await api(server.baseUrl, 'POST', `/api/admin/kyc/${uId}`, {
      token: operator,
      body: { decision, ...(reason ? { reason } : {}) },
    });
    expect(answer.http).toBe(200);
  };

  /** R$ 100 deposited with the package's R$ 15 bonus (R$ 225 of wagering), paid by the emulated payer's bank. */
  async function depositWithBonus(token: string) {
    const headers = { Authorization: token, 'Content-Type': 'application/x-www-form-urlencoded' };
    const order = await fetch(`${server.baseUrl}/api/app/order/prePay/3`, {
      method: 'POST',
      headers,
      body: 'gift=1&pkgId=3&isapp=0',
    });
    const { data } = (await order.json()) as Envelope<{ payNo: string }>;
    expect((await fetch(new URL(payAtEmulator(data.payNo), server.baseUrl), { method: 'POST' })).status).toBe(
      200,
    );
    await expect
      .poll(
        async () =>
          (await api<{ freeBalance: number }>(server.baseUrl, 'GET', '/api/app/user/getBalance', { token }))
            .data,
        {
          timeout: 20_000,
        },
      )
      .toEqual({ balance: 100, freeBalance: 15 });
  }

  async function openWithdraw(page: PhoneSession['page']) {
    await page.getByRole('button', { name: 'Minha conta' }).click();
    await page.getByRole('button', { name: 'Saque' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Saque' });
    await withdraw.waitFor();
    await waitUntilStill(withdraw);
    return withdraw;
  }

  const shoot = (page: PhoneSession['page'], name: string) =>
    page.screenshot({ path: path.join(shotsDir, `${name}.png`) });

  it('a bonus never freezes the deposit: R$ 100 available, "falta apostar", and a withdrawal asks before forfeiting the bonus', async () => {
    const { page } = phone;
    const player = await playerInReview(CPF);
    await review(player.uId, 'approve');
    await depositWithBonus(player.token);
    await page.goto('/home');
    await loginThroughUi(page, player.username, player.password);
    const withdraw = await openWithdraw(page);
    await withdraw.getByText('Disponível para saque: R$ 100,00').waitFor();
    await withdraw.getByText('Bônus de R$ 15,00: falta apostar R$ 225,00 para liberá-lo').waitFor();
    await shoot(page, 'withdraw-bonus-available');

    await withdraw.getByLabel('Chave PIX (CPF)').fill(CPF.replace(/\D/g, ''));
    await withdraw.getByLabel('Nome do titular').fill('Maria Silva');
    await withdraw.getByLabel('Valor do saque').fill('50');
    await withdraw.getByRole('button', { name: 'Solicitar saque' }).click();
    const confirm = withdraw.getByRole('alertdialog', { name: 'Sacar agora cancela o seu bônus' });
    await confirm
      .getByText('Você tem R$ 15,00 de bônus e falta apostar R$ 225,00', { exact: false })
      .waitFor();
    await confirm.scrollIntoViewIfNeeded();
    await shoot(page, 'withdraw-bonus-confirm');
    // Nothing has moved while the player decides.
    expect(
      (await api(server.baseUrl, 'GET', '/api/app/user/getBalance', { token: player.token })).data,
    ).toEqual({
      balance: 100,
      freeBalance: 15,
    });
    await confirm.getByRole('button', { name: 'Sacar e cancelar o bônus de R$ 15,00' }).click();
    await page.getByText('Solicitação de saque bem-sucedida!').waitFor();
    await expect.poll(async () => reais(await page.getByLabel('balance').textContent())).toBe(50);
    expect(
      (await api(server.baseUrl, 'GET', '/api/app/user/getBalance', { token: player.token })).data,
    ).toEqual({
      balance: 50,
      freeBalance: 0,
    });
  });

  it('an identity in review is said before the form and on /conta; a rejected one shows the reason and the form again', async () => {
    const { page } = phone;
    const player = await playerInReview('111.444.777-35');
    await page.goto('/home');
    await loginThroughUi(page, player.username, player.password);
    const withdraw = await openWithdraw(page);
    const pending = withdraw.getByRole('alert', { name: 'Identidade em análise' });
    await pending.getByText('A análise costuma levar até 24 horas', { exact: false }).waitFor();
    expect(await withdraw.getByRole('button', { name: 'Solicitar saque' }).isDisabled()).toBe(true);
    await shoot(page, 'withdraw-kyc-pending');

    // /conta agrees with the back office: in review, never "Verificada".
    await page.goto('/conta');
    const identity = page.getByRole('region', { name: 'Verificação de identidade' });
    await identity.getByText('Em análise', { exact: true }).waitFor();
    expect(await identity.getByText('Verificada', { exact: true }).count()).toBe(0);
    await shoot(page, 'conta-kyc-pending');

    await review(player.uId, 'reject', 'foto ilegível');
    await page.goto('/home');
    const again = await openWithdraw(page);
    const rejected = again.getByRole('alert', { name: 'Identidade recusada' });
    await rejected.getByText('Motivo: foto ilegível').waitFor();
    await shoot(page, 'withdraw-kyc-rejected');
    await rejected.getByRole('button', { name: 'Enviar dados novamente' }).click();
    const form = page.getByRole('dialog', { name: 'Verificação de identidade' });
    // The identity form (decision 0065) says the reason in its own words.
    await form.getByText('Sua identidade foi recusada: foto ilegível', { exact: false }).waitFor();
    await form.getByLabel('Nome completo').fill('Maria Silva');
    await form.getByLabel('CPF').fill('111.444.777-35');
    await form.getByLabel('Data de nascimento').fill('1990-05-17');
    await form.getByRole('button', { name: 'Enviar' }).click();
    // Sent again: back on the withdraw page, in review once more.
    await page
      .getByRole('dialog', { name: 'Saque' })
      .getByRole('alert', { name: 'Identidade em análise' })
      .waitFor();
  });
});
