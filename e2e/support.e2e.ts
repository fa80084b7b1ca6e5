import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, type DesktopSession, openDesktop, operatorSignIn, operatorToken } from './support/desktop.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
import { type RunningServer, startServer } from './support/server.ts';

// The support chat between a player on a phone (390×844) and an operator on a desktop (1440×900).
const shotsDir = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'aposta-e2e-shots');
const OWNER = { username: 'chefe', password: 'senha-do-operador-1' };
const AGENT = { username: 'atendente', password: 'senha-do-atendente-1' };

describe('support chat, player and operator', () => {
  let server: RunningServer;
  let desktop: DesktopSession;
  beforeAll(async () => {
    server = await startServer({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password });
    const owner = await operatorToken(server.baseUrl, OWNER.username, OWNER.password);
    const created = await api(server.baseUrl, 'POST', '/api/admin/operators', {
      token: owner,
      body: { ...AGENT, roles: ['support'] },
    });
    expect(created.http).toBe(200);
    const settings = await api(server.baseUrl, 'POST', '/api/admin/support/settings', {
      token: owner,
      body: { telegram: 'https://t.me/aposta_suporte', supportId: 'APOSTA-01' },
    });
    expect(settings.http).toBe(200);
  });
  afterAll(async () => server.stop());
  beforeEach(async () => {
    desktop = await openDesktop(server.baseUrl);
  });
  afterEach(async () => {
    expect(desktop.errors).toEqual([]);
    await desktop.close();
  });

  it('a player writes, the operator sees it in the inbox and replies, the player gets it live and the badge clears', async () => {
    const phone = await desktop.openPhonePage();
    const email = newEmail('chat');
    await registerThroughUi(phone, email, 'segredo123');
    await phone.goto('/home');

    // The panel: empty conversation with quick topics, the runtime Telegram link and support id.
    await phone.getByRole('button', { name: 'Ajuda', exact: true }).click();
    const panel = phone.getByRole('dialog', { name: 'Suporte' });
    await panel.getByText('Como podemos ajudar?').waitFor();
    await panel.getByText('ID do suporte: APOSTA-01').waitFor();
    expect(await panel.getByRole('link', { name: 'Falar no Telegram' }).getAttribute('href')).toBe(
      'https://t.me/aposta_suporte',
    );
    await panel.getByRole('button', { name: 'Depósito' }).click();
    await panel.getByText('Preciso de ajuda com um depósito').waitFor();
    await panel.getByLabel('Escreva sua mensagem').fill('Meu PIX de R$ 50 não caiu');
    await panel.getByRole('button', { name: 'Enviar' }).click();
    // Sent: the pending bubble gives way to the stored message.
    await expect.poll(() => panel.getByText('Enviando…').count()).toBe(0);
    await expect
      .poll(() => panel.locator('.support-bubble').filter({ hasText: 'Meu PIX de R$ 50' }).count())
      .toBe(1);
    await phone.screenshot({ path: path.join(shotsDir, 'support-panel.png') });
    await panel.getByRole('button', { name: 'Fechar' }).click();

    const { page } = desktop;
    await operatorSignIn(page, AGENT.username, AGENT.password);
    // The menu counts the unread player messages (the quick topic and the text) on any page.
    await expect.poll(() => page.getByTestId('support-menu-label').textContent()).toMatch(/Atendimento\s*2/);
    await page.getByRole('menuitem', { name: 'Atendimento' }).click();
    const conversation = page.getByRole('listitem').filter({ hasText: email });
    await expect.poll(() => conversation.textContent()).toContain('Meu PIX de R$ 50 não caiu');
    await conversation.click();
    // The quick topic the player started from is tagged for the operator.
    await page.locator('.ant-tag').filter({ hasText: 'Depósito' }).waitFor();
    const messages = page.getByRole('region', { name: 'Mensagens' });
    await messages.getByText('Meu PIX de R$ 50 não caiu').waitFor();
    await page.getByLabel(/Escreva a resposta/).fill('Olá! O PIX já foi creditado, confira seu saldo.');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await messages.getByText('Olá! O PIX já foi creditado, confira seu saldo.').waitFor();
    await page.screenshot({ path: path.join(shotsDir, 'support-inbox.png') });

    // The reply reaches the player's open page live: the help button shows it unread, then the panel shows it.
    const unread = phone.getByRole('button', { name: 'Ajuda — mensagens não lidas: 1' });
    await unread.waitFor();
    await unread.click();
    await panel.getByText('Olá! O PIX já foi creditado, confira seu saldo.').waitFor();
    await phone.screenshot({ path: path.join(shotsDir, 'support-panel-reply.png') });
    await panel.getByRole('button', { name: 'Fechar' }).click();
    await phone.getByRole('button', { name: 'Ajuda', exact: true }).waitFor();
    // Read on the server too: a reload shows no badge.
    await phone.reload();
    await phone.getByRole('button', { name: 'Ajuda', exact: true }).waitFor();
    expect(await phone.locator('.help-badge').count()).toBe(0);

    // The operator's reply writes were audited; the player's message marked read in the inbox.
    await expect
      .poll(() => page.getByRole('listitem').filter({ hasText: email }).locator('.ant-badge-count').count())
      .toBe(0);
  });

  it('a guest is asked to log in first', async () => {
    const phone = await desktop.openPhonePage();
    await phone.goto('/home');
    await phone.getByRole('button', { name: 'Ajuda', exact: true }).click();
    const panel = phone.getByRole('dialog', { name: 'Suporte' });
    await panel.getByText('Entre na sua conta para falar com o suporte.').waitFor();
    await panel.getByRole('button', { name: 'Entrar' }).click();
    await phone.getByRole('dialog', { name: 'Entrar ou registrar' }).waitFor();
  });

  it("with a LiveChat licence the panel opens LiveChat's window and the CSP frames exactly that origin", async () => {
    const owner = await operatorToken(server.baseUrl, OWNER.username, OWNER.password);
    const set = await api(server.baseUrl, 'POST', '/api/admin/support/settings', {
      token: owner,
      body: { chatLicence: '12345678' },
    });
    expect(set.http).toBe(200);
    try {
      const phone = await desktop.openPhonePage();
      // Nothing leaves the test machine: LiveChat's window is answered by a stub page.
      await phone.route('https://secure.livechatinc.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<p>LiveChat</p>' }),
      );
      const email = newEmail('livechat');
      await registerThroughUi(phone, email, 'segredo123');
      const home = await phone.goto('/home');
      const frameSrc = home?.headers()['content-security-policy']?.match(/frame-src [^;]*/)?.[0];
      expect(frameSrc).toBe("frame-src 'self' https://secure.livechatinc.com");
      await phone.getByRole('button', { name: 'Ajuda', exact: true }).click();
      const frame = phone.getByTitle('Chat ao vivo');
      await frame.waitFor();
      const src = await frame.getAttribute('src');
      expect(src).toBe(
        `https://secure.livechatinc.com/licence/12345678/v2/open_chat.cgi?name=${encodeURIComponent(email)}&email=${encodeURIComponent(email)}`,
      );
      await phone.frameLocator('iframe[title="Chat ao vivo"]').getByText('LiveChat').waitFor();
    } finally {
      await api(server.baseUrl, 'POST', '/api/admin/support/settings', {
        token: owner,
        body: { chatLicence: '' },
      });
    }
  });
});
