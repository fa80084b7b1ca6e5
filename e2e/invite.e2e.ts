import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPhone, type PhoneSession, waitUntilPageStill } from './support/browser.ts';
import { api, operatorToken } from './support/desktop.ts';
import { newEmail, registerThroughUi } from './support/journeys.ts';
import { CAPTCHA_BYPASS, type RunningServer, startServer } from './support/server.ts';

// Screenshots of the invitation pages on the phone viewport, for a person to look at.
const shotsDir = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'aposta-e2e-shots');
const OWNER = { username: 'e2e-owner', password: 'e2e-owner-secret-2026' };

async function shoot(page: PhoneSession['page'], name: string): Promise<void> {
  await waitUntilPageStill(page);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

describe('invitations in a phone browser', () => {
  let server: RunningServer;
  const phones: PhoneSession[] = [];
  beforeAll(async () => {
    server = await startServer({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password });
  });
  afterAll(async () => {
    for (const phone of phones) await phone.close();
    await server.stop();
  });

  it('A shares the link, B registers through it and bets, the day settles, A sees B and claims the commission', async () => {
    const inviter = await openPhone(server.baseUrl);
    phones.push(inviter);
    await inviter.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const a = inviter.page;
    await registerThroughUi(a, newEmail('anfitriao'), 'segredo123');
    const offer = a.getByRole('dialog', { name: 'Oferta de depósito' });
    if (await offer.isVisible()) await offer.getByRole('button', { name: 'Agora não' }).click();

    // A's share page: the code, the link, its QR code and the ways to send it.
    await a.goto('/share');
    const link = (await a.getByTestId('invite-link').textContent()) ?? '';
    const code = (await a.getByTestId('invite-code').textContent()) ?? '';
    // PUBLIC_URL/y{code}; the test server's PUBLIC_URL is the default http://localhost:<port>.
    expect(new URL(link).pathname).toBe(`/y${code}`);
    await a.getByRole('img', { name: 'QR code do seu link de convite' }).waitFor();
    await a.getByRole('button', { name: 'Copiar link' }).click();
    await a.getByText('Copiado com sucesso').waitFor();
    expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await a.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toContain(
      encodeURIComponent(link),
    );
    await shoot(a, 'invite-share');

    // B opens the link on another phone: the register tab opens with A's code kept for the form.
    const invitee = await openPhone(server.baseUrl);
    phones.push(invitee);
    const b = invitee.page;
    // Both phones are the same Chromium build on one machine, so their browser fingerprints match; a shared
    // device id is a refusal rule. B's phone gets its own id, as another phone would have.
    await b.addInitScript(() => localStorage.setItem('deviceId', 'e2e-second-phone'));
    await b.goto(new URL(link).pathname);
    const dialog = b.getByRole('dialog', { name: 'Entrar ou registrar' });
    await dialog.getByLabel('E-mail').fill(newEmail('convidado'));
    await dialog.getByLabel('Senha', { exact: true }).fill('segredo123');
    await dialog.getByLabel('Confirmar senha').fill('segredo123');
    await dialog.getByLabel('Código de verificação').fill(CAPTCHA_BYPASS);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Criar conta' }).click();
    await b.getByLabel('balance').waitFor();
    const token = (await b.evaluate(() => localStorage.getItem('token'))) ?? '';
    const bInfo = await api<{ uId: number }>(server.baseUrl, 'GET', '/api/app/user/userInfo', { token });

    // B gets R$ 200 from an operator and stakes R$ 100 on dice: 0.5 % of it is A's (R$ 0,50).
    const operator = await operatorToken(server.baseUrl, OWNER.username, OWNER.password);
    const adjusted = await api(server.baseUrl, 'POST', `/api/admin/players/${bInfo.data.uId}/adjust`, {
      token: operator,
      headers: { 'idempotency-key': `e2e-fund-${bInfo.data.uId}` },
      body: { account: 'cash', amount: '200.00', reason: 'e2e: dinheiro para apostar' },
    });
    expect(adjusted.http, adjusted.message).toBe(200);
    const dice = await api(server.baseUrl, 'POST', '/api/app/game/dice/bet', {
      token,
      body: { amount: 100, target: 50, direction: 'over' },
    });
    expect(dice.http, dice.message).toBe(200);

    // The day's job, through the development trigger (the servers' loop settles the previous day).
    const run = await api<{ settled: boolean }>(server.baseUrl, 'POST', '/dev/commission/run', { body: {} });
    expect(run.data.settled).toBe(true);

    // A sees B among the friends of level 1, masked, with what B earned them.
    await a.goto('/friends');
    const friends = a.getByRole('region', { name: 'Nível 1' });
    await friends.getByText('co***@ex***.com').waitFor();
    await friends.getByText('R$ 0,50').waitFor();
    await shoot(a, 'invite-friends');

    // The agent page: the rates, the periods, the chart, and the claim moves R$ 0,50 to A's balance.
    await a.goto('/agentJl2');
    await a.getByTestId('agent-claimable').getByText('R$ 0,50').waitFor();
    await a.getByRole('img', { name: 'Comissão dos últimos 30 dias' }).waitFor();
    await shoot(a, 'invite-agent');
    await a.getByRole('button', { name: 'Resgatar' }).click();
    await a.getByText('Comissão transferida para o seu saldo').waitFor();
    await a.getByTestId('agent-claimable').getByText('R$ 0,00').waitFor();
    await expect.poll(async () => (await a.getByLabel('balance').textContent()) ?? '').toContain('0,50');
    await shoot(a, 'invite-agent-claimed');

    expect(inviter.errors).toEqual([]);
    expect(invitee.errors).toEqual([]);
  });
});
