import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession, waitUntilStill } from './support/browser.ts';
import { api, operatorToken, registerPlayerByApi } from './support/desktop.ts';
import { loginThroughUi, newEmail } from './support/journeys.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Screenshots for a person to look at, beside the other journeys'.
const shotsDir = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'aposta-e2e-shots');
const shoot = (page: PhoneSession['page'], name: string) =>
  page.screenshot({ path: path.join(shotsDir, `pix-${name}.png`) });

const OPERATOR = { username: 'financeiro', password: 'senha-do-financeiro-1' };

// The API Pix adapter against the PSP emulator the development server runs (decisions 0026, 0066), on a phone.
describe('a real PIX provider (emulated PSP)', () => {
  let server: RunningServer;
  let phone: PhoneSession;
  beforeAll(async () => {
    server = await startServer({
      PAYMENTS_PROVIDER: 'apipix',
      PIX_PAYOUTS: 'efi',
      PAYMENTS_CARDS: '1',
      ADMIN_USERNAME: OPERATOR.username,
      ADMIN_PASSWORD: OPERATOR.password,
    });
    phone = await openPhone(server.baseUrl);
  });
  afterAll(async () => {
    await phone?.close();
    await server?.stop();
  });

  it('the footer shows only PIX and card; a deposit is paid on the PSP’s BR Code page and credited', async () => {
    const { page } = phone;
    await page.goto('/');
    const marks = page.getByRole('list', { name: 'Formas de pagamento' });
    await marks.getByRole('img', { name: 'Cartão' }).waitFor();
    expect(
      await marks.getByRole('img').evaluateAll((images) => images.map((image) => image.getAttribute('alt'))),
      // The methods offered come first, then the ways PIX is used, four marks in all (decision 0032).
    ).toEqual(['PIX', 'Cartão', 'PIX por QR Code', 'Saque PIX na chave CPF/CNPJ']);

    const player = await registerPlayerByApi(server.baseUrl, newEmail('pix'));
    const order = await api<{ orderId: number; url: string }>(
      server.baseUrl,
      'POST',
      '/api/app/order/prePay/2',
      {
        token: player.token,
        body: { gift: '0', isapp: '0' },
      },
    );
    expect(order.data.url).toMatch(/^\/api\/pay\/pix\//);
    await page.goto(order.data.url);
    await page.getByLabel('valor').getByText('R$ 50,00').waitFor();
    expect(await page.locator('#brcode').inputValue()).toContain('pix.emulador.aposta.dev/qr/v2/');
    // The BR Code's location, read on this machine, is the emulator's charge signed with the key of its JWKS.
    const locId = /qr\/v2\/([a-f0-9]{32})/.exec(await page.locator('#brcode').inputValue())![1]!;
    const jws = await (await fetch(`${server.baseUrl}/api/pay/emulator/qr/v2/${locId}`)).text();
    const jwks = (await (await fetch(`${server.baseUrl}/api/pay/emulator/jwks`)).json()) as {
      keys: crypto.JsonWebKey[];
    };
    const [header, payload, signature] = jws.split('.');
    const verified = crypto.verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      crypto.createPublicKey({ key: jwks.keys[0]!, format: 'jwk' }),
      Buffer.from(signature!, 'base64url'),
    );
    expect(verified).toBe(true);
    expect(JSON.parse(Buffer.from(payload!, 'base64url').toString()).valor.original).toBe('50.00');
    // 'Simular pagamento' opens the emulator's payer page: the payer's bank, with the payer's CPF and name.
    await page.getByRole('button', { name: 'Simular pagamento' }).click();
    await page.getByLabel('CPF do pagador').waitFor();
    await page.getByLabel('CPF do pagador').fill('529.982.247-25');
    await page.getByLabel('Nome do pagador').fill('Maria da Silva');
    await shoot(page, 'payer-page');
    await page.getByRole('button', { name: /^Pagar R\$\s50,00$/ }).click();
    await page
      .getByText('Pix enviado. O recebedor confirma o pagamento; você já pode voltar ao app.')
      .waitFor();
    // The PSP's webhook is confirmed with GET /pix before the credit; the order turns paid.
    await expect
      .poll(
        async () =>
          (
            await api<{ status: string }>(
              server.baseUrl,
              'GET',
              `/api/app/order/getStatus/${order.data.orderId}`,
              { token: player.token },
            )
          ).data.status,
      )
      .toBe('10');
    const status = await api<{ status: string }>(
      server.baseUrl,
      'GET',
      `/api/app/order/getStatus/${order.data.orderId}`,
      {
        token: player.token,
      },
    );
    expect(status.data.status).toBe('10');
    const balance = await api<{ balance: number }>(server.baseUrl, 'GET', '/api/app/user/getBalance', {
      token: player.token,
    });
    expect(balance.data.balance).toBe(50);
    expect(phone.errors).toEqual([]);
  });

  it('a player deposits by card: the card tile, the PSP’s checkout and its 3-D Secure step, credited live', async () => {
    const { page } = phone;
    const operator = await operatorToken(server.baseUrl, OPERATOR.username, OPERATOR.password);
    const created = await api<{ pkgId: number }>(server.baseUrl, 'POST', '/api/admin/packages', {
      token: operator,
      body: { price: '250', gift: '0', curreny: 'BRL', sort: 60, enabled: true, channel: 'card' },
    });
    expect(created.http, created.message).toBe(200);
    const email = newEmail('cartao');
    const player = await registerPlayerByApi(server.baseUrl, email);
    await api(server.baseUrl, 'POST', '/api/app/user/updateKyc', {
      token: player.token,
      body: { name: 'Maria da Silva', cardNo: '52998224725' },
    });
    await page.goto('/home');
    await loginThroughUi(page, email, 'segredo123');
    await page.getByRole('button', { name: 'Depositar', exact: true }).click();
    const deposit = page.getByRole('dialog', { name: 'Depósito' });
    // The tile of the card package says so; its radio is visually hidden behind the tile.
    await deposit.locator('label', { hasText: 'Cartão' }).click();
    expect(await deposit.getByRole('radio', { name: /^R\$ 250,00 \(Cartão\)/ }).isChecked()).toBe(true);
    await deposit.getByText('Somente cartão de débito').waitFor();
    await shoot(page, 'deposit-card-tile');
    await deposit.getByRole('button', { name: 'Confirmar depósito' }).click();
    const checkout = page.frameLocator('iframe[title="Página de pagamento PIX"]');
    await checkout.getByText('Pagamento com cartão').waitFor();
    await shoot(page, 'card-checkout');
    await checkout.getByText('Somente cartão de débito').waitFor();
    // A debit card (the emulator's BIN table): a credit card would be refused with that message.
    await checkout.getByLabel('Número do cartão').fill('4000 0566 5566 5556');
    await checkout.getByLabel('Validade (MM/AA)').fill('12/30');
    await checkout.getByLabel('CVV').fill('123');
    await checkout.getByLabel('Nome impresso no cartão').fill('MARIA DA SILVA');
    // The sheet slides up on a spring: a tap aimed at the iframe while it still moves can land on the mask.
    await waitUntilStill(page.locator('iframe[title="Página de pagamento PIX"]'));
    await checkout.getByRole('button', { name: /^Pagar/ }).click();
    await checkout.getByLabel('Código de verificação').waitFor();
    await shoot(page, 'card-3ds');
    await checkout.getByLabel('Código de verificação').fill('123456');
    await checkout.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Recarga bem-sucedida, continue fazendo apostas').waitFor();
    await expect.poll(() => page.getByLabel('balance').textContent()).toMatch(/R\$\s250,00/);
    expect(phone.errors).toEqual([]);
  });
});
