import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { currentCode } from '../apps/api/src/modules/admin/totp.ts';
import {
  api,
  type DesktopSession,
  openDesktop,
  operatorSignIn,
  operatorToken,
  registerPlayerByApi,
} from './support/desktop.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
import { type RunningServer, startServer } from './support/server.ts';

const OPERATOR = { username: 'chefe', password: 'senha-do-operador-1' };

describe('back office on a desktop browser', () => {
  let server: RunningServer;
  let desktop: DesktopSession;
  beforeAll(async () => {
    server = await startServer({ ADMIN_USERNAME: OPERATOR.username, ADMIN_PASSWORD: OPERATOR.password });
  });
  afterAll(async () => server.stop());
  beforeEach(async () => {
    desktop = await openDesktop(server.baseUrl);
  });
  afterEach(async () => {
    expect(desktop.errors).toEqual([]);
    await desktop.close();
  });

  it("an operator finds a player, rejects the player's withdrawal with a reason, and the amount is back in the player's balance", async () => {
    const operator = await operatorToken(server.baseUrl, OPERATOR.username, OPERATOR.password);
    const player = await registerPlayerByApi(server.baseUrl, newEmail('saque'));
    await api(server.baseUrl, 'POST', '/api/app/user/updateKyc', {
      token: player.token,
      body: { name: 'Joana Pereira', cardNo: '12345678909' },
    });
    // Withdrawals need approved KYC: the operator approves it from the queue first.
    const approved = await api(server.baseUrl, 'POST', `/api/admin/kyc/${player.uId}`, {
      token: operator,
      body: { decision: 'approve' },
    });
    expect(approved.http).toBe(200);
    const credit = await api(server.baseUrl, 'POST', `/api/admin/players/${player.uId}/adjust`, {
      token: operator,
      body: { account: 'cash', amount: '300', reason: 'Saldo inicial do teste' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(credit.http).toBe(200);
    // A first withdrawal is one of the risk rules: it waits for an operator.
    const withdrawal = await api(server.baseUrl, 'POST', '/api/app/order/withdraw', {
      token: player.token,
      body: { payCardBank: 'CPF', payCardNo: '12345678909', amount: 120 },
    });
    expect(withdrawal.http).toBe(200);

    const { page } = desktop;
    await operatorSignIn(page, OPERATOR.username, OPERATOR.password);
    await page.getByRole('menuitem', { name: 'Jogadores' }).click();
    await page.getByPlaceholder('E-mail, nome, ID ou CPF').fill(player.username);
    await page.getByPlaceholder('E-mail, nome, ID ou CPF').press('Enter');
    await page.getByRole('cell', { name: player.username, exact: true }).click();
    await page.getByRole('heading', { name: `${player.username} · ${player.uId}` }).waitFor();
    await expect.poll(() => page.getByTestId('stat-player.balance').textContent()).toMatch(/R\$\s180,00/);
    await expect.poll(() => page.getByTestId('stat-player.holdAmount').textContent()).toMatch(/R\$\s120,00/);

    await page.getByRole('menuitem', { name: 'Saques' }).click();
    const row = page.getByRole('row').filter({ hasText: player.username });
    await expect.poll(() => row.textContent()).toContain('Primeiro saque');
    await row.getByRole('button', { name: 'Recusar' }).click();
    const dialog = page.getByRole('dialog');
    // The reason is required: an empty one is refused in the form, before any call.
    await dialog.getByRole('button', { name: 'Recusar' }).click();
    await dialog.getByText('Campo obrigatório').waitFor();
    await dialog.getByLabel('Motivo').fill('Chave PIX em nome de outra pessoa');
    await dialog.getByRole('button', { name: 'Recusar' }).click();
    await page.getByText('Saque recusado: o valor voltou ao saldo do jogador').waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: player.username }).count()).toBe(0);

    await page.getByText('Recusados', { exact: true }).click();
    await page.getByRole('row').filter({ hasText: 'Chave PIX em nome de outra pessoa' }).waitFor();

    // The player's own client sees the money back, and so does the operator on the player's page.
    const balance = await api<{ balance: number }>(server.baseUrl, 'GET', '/api/app/user/getBalance', {
      token: player.token,
    });
    expect(balance.data.balance).toBe(300);
    await page.goto(`/admin/players/${player.uId}`);
    await expect.poll(() => page.getByTestId('stat-player.balance').textContent()).toMatch(/R\$\s300,00/);
    await expect.poll(() => page.getByTestId('stat-player.holdAmount').textContent()).toMatch(/R\$\s0,00/);
  });

  it("an operator stops a game and the player's home shows it as coming soon", async () => {
    const phone = await desktop.openPhonePage();
    await phone.goto('/home');
    const mines = phone.getByRole('button', { name: /^Mines/ });
    await mines.waitFor();
    expect(await mines.textContent()).not.toContain('Em breve');

    const { page } = desktop;
    await operatorSignIn(page, OPERATOR.username, OPERATOR.password);
    await page.getByRole('menuitem', { name: 'Catálogo de jogos' }).click();
    const open = page.getByRole('switch', { name: 'Disponível: Mines' });
    await expect.poll(() => open.getAttribute('aria-checked')).toBe('true');
    await open.click();
    await page.getByText('Alterações salvas').waitFor();
    await expect.poll(() => open.getAttribute('aria-checked')).toBe('false');

    await phone.reload();
    await expect
      .poll(() => phone.getByRole('button', { name: /^Mines/ }).textContent())
      .toContain('Em breve');
    await phone.getByRole('button', { name: /^Mines/ }).click();
    await phone.getByText('Em Breve...').waitFor();
  });

  it("an operator publishes a notice and a player's open page shows it at once", async () => {
    const phone = await desktop.openPhonePage();
    await registerThroughUi(phone, newEmail('aviso'), 'segredo123');
    await phone.evaluate(() => {
      (window as unknown as { journeyMarker: string }).journeyMarker = 'same page';
    });

    const { page } = desktop;
    await operatorSignIn(page, OPERATOR.username, OPERATOR.password);
    await page.getByRole('menuitem', { name: 'Avisos' }).click();
    await page.getByRole('button', { name: 'Novo aviso' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo aviso' });
    await dialog.getByLabel('Título').fill('Manutenção programada');
    await dialog.getByLabel('Texto').fill('O PIX fica fora do ar das 3h às 4h.');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Aviso publicado').waitFor();
    await page.getByRole('row').filter({ hasText: 'Manutenção programada' }).waitFor();

    const banner = phone.getByRole('region', { name: 'Aviso', exact: true });
    await expect.poll(() => banner.textContent()).toContain('O PIX fica fora do ar das 3h às 4h.');
    expect(await phone.evaluate(() => (window as unknown as { journeyMarker?: string }).journeyMarker)).toBe(
      'same page',
    );
  });

  it('a risk analyst sees only the pages of the role, enrols TOTP from the QR page, and from then on signs in with a code', async () => {
    const owner = await operatorToken(server.baseUrl, OPERATOR.username, OPERATOR.password);
    const analyst = { username: 'analista.risco', password: 'senha-da-analista-1' };
    const created = await api(server.baseUrl, 'POST', '/api/admin/operators', {
      token: owner,
      body: { ...analyst, roles: ['risk'] },
    });
    expect(created.http).toBe(200);

    const { page } = desktop;
    await operatorSignIn(page, analyst.username, analyst.password);
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Fila de KYC' }).waitFor();
    const items = await menu.getByRole('menuitem').allTextContents();
    expect(items).toEqual([
      'Jogadores',
      'Fila de KYC',
      'Consultas SIGAP',
      'Saques',
      'Comissões',
      'Segurança da conta',
    ]);
    await page.goto('/admin/operators');
    await page.getByText('Seu perfil de operador não dá acesso a esta página.').waitFor();

    await page.goto('/admin/security');
    await page.getByRole('button', { name: 'Começar' }).click();
    await page.getByRole('img', { name: 'QR code do segredo TOTP' }).waitFor();
    const secret = (await page.getByTestId('totp-enrol').locator('code').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByPlaceholder('123456').fill('000000' === currentCode(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Código de verificação em duas etapas incorreto ou já usado').waitFor();
    await page.getByPlaceholder('123456').fill(currentCode(secret));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Verificação em duas etapas ativa', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByLabel('Usuário').fill(analyst.username);
    await page.getByLabel('Senha').fill(analyst.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Código de verificação em duas etapas incorreto ou já usado').waitFor();
    // The code just used to confirm cannot be replayed: the next 30-second step's code signs in.
    await page.getByLabel('Código de verificação (TOTP)').fill(currentCode(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByTestId('operator-name').waitFor();
    expect(await page.getByTestId('operator-name').textContent()).toBe(analyst.username);
  });
});
