import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession } from './support/browser.ts';
import { loginThroughUi, newEmail, registerThroughUi } from './support/journeys.ts';
import { type RunningServer, startServer } from './support/server.ts';

describe('player accounts in a phone browser', () => {
  let server: RunningServer;
  let phone: PhoneSession;
  beforeAll(async () => {
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

  it('a new player registers, sees home logged in with R$ 0,00, and logs out to the login overlay', async () => {
    const { page } = phone;
    await registerThroughUi(page, newEmail(), 'segredo123');
    await expect.poll(() => page.getByLabel('balance').textContent()).toContain('R$');
    expect(await page.getByLabel('balance').textContent()).toMatch(/R\$\s0,00/);
    // The in-house games are listed on home.
    await page.getByRole('button', { name: 'Dice' }).first().waitFor();
    // Registration opens the second-deposit offer (spec.md section 4); Escape closes it. The settings panel holds SAIR.
    const offer = page.getByRole('dialog', { name: 'Oferta de depósito' });
    await offer.waitFor();
    await page.keyboard.press('Escape');
    await offer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'SAIR' }).click();
    await page.getByRole('dialog', { name: 'Entrar ou registrar' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('forgot password: the code from the outbox sets a new password that logs in', async () => {
    const { page, context } = phone;
    const email = newEmail('esqueci');
    await registerThroughUi(page, email, 'senhaAntiga1');
    await page.evaluate(() => localStorage.clear());
    await page.goto('/home');
    await page.getByRole('button', { name: 'Entrar' }).first().click();
    const login = page.getByRole('dialog', { name: 'Entrar ou registrar' });
    await login.getByRole('button', { name: 'Esqueceu a senha?' }).click();
    const reset = page.getByRole('dialog', { name: 'Recuperar senha' });
    await reset.getByLabel('E-mail').fill(email);
    await reset.getByRole('button', { name: 'Enviar código' }).click();
    await reset.getByRole('button', { name: /Reenviar em 0[23]:\d\d/ }).waitFor();

    // The mail is sent just after the answer: reload the outbox until it is there, as a person would.
    const outbox = await context.newPage();
    let mail: string | null = null;
    await expect
      .poll(async () => {
        await outbox.goto('/dev/outbox');
        const article = outbox.locator('article', { hasText: email }).first();
        mail = (await article.count()) ? await article.textContent() : null;
        return mail;
      })
      .not.toBeNull();
    const code = /\b(\d{6})\b/.exec(mail ?? '')?.[1];
    expect(code).toBeDefined();
    await outbox.close();

    await reset.getByLabel('Código do e-mail').fill(code!);
    await reset.getByRole('button', { name: 'Confirmar código' }).click();
    await reset.getByLabel('Nova senha', { exact: true }).fill('senhaNova22');
    await reset.getByRole('button', { name: 'Confirmar nova senha' }).click();
    await reset.waitFor({ state: 'hidden' });

    await page.goto('/home');
    await loginThroughUi(page, email, 'senhaNova22');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  it('a guest opening a login-required route is told to log in, sent home, and shown the login overlay', async () => {
    const { page } = phone;
    await page.goto('/dice');
    await page.getByText('Por favor, faça login primeiro').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('dialog', { name: 'Entrar ou registrar' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
  });

  it('an unknown path leads to the start and then home', async () => {
    const { page } = phone;
    await page.goto('/isto/nao/existe');
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('button', { name: 'Entrar' }).first().waitFor();
  });
});
