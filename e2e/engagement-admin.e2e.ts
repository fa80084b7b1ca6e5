import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  type DesktopSession,
  openDesktop,
  operatorSignIn,
  operatorToken,
  registerPlayerByApi,
} from './support/desktop.ts';
import { newEmail } from './support/journeys.ts';
import { type RunningServer, startServer } from './support/server.ts';

const OPERATOR = { username: 'marketing.chefe', password: 'senha-do-operador-1' };

/**
 * The back office's engagement pages on a desktop browser: what an operator sets there is what a player's
 * calls answer at once (the VIP reward, the sign-in reward, a discount, an award).
 */
describe('engagement rules in the back office', () => {
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

  it('an operator changes a VIP reward and the first sign-in day, grants an award and opens a discount', async () => {
    const player = await registerPlayerByApi(server.baseUrl, newEmail('vip'));
    const { page } = desktop;
    await operatorSignIn(page, OPERATOR.username, OPERATOR.password);

    await page.getByRole('menuitem', { name: 'Níveis VIP' }).click();
    await page.getByRole('button', { name: 'Editar nível 2' }).click();
    const level = page.getByRole('dialog', { name: 'Editar nível 2' });
    await level.getByLabel('Recompensa').fill('25');
    await level.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('row').filter({ hasText: 'R$ 25,00' }).waitFor();
    const levels = await api<{ level: number; reward: number }[]>(
      server.baseUrl,
      'GET',
      '/api/app/vip/levels',
    );
    expect(levels.data[1]).toMatchObject({ level: 2, reward: 25 });

    await page.getByRole('menuitem', { name: 'Recompensas e check-in' }).click();
    const day1 = page.getByLabel('Dia 1', { exact: true });
    await expect.poll(() => day1.inputValue()).toBe('1,00');
    await day1.fill('3');
    await page.getByRole('button', { name: 'Salvar' }).nth(1).click();
    await page.getByText('Alterações salvas').first().waitFor();
    const signin = await api<{ day: number; reward: number }>(server.baseUrl, 'POST', '/api/app/signin', {
      token: player.token,
    });
    expect(signin.data).toMatchObject({ day: 1, reward: 3 });

    await page.getByRole('menuitem', { name: 'Prêmios' }).click();
    await page.getByRole('button', { name: 'Conceder prêmio' }).click();
    const grant = page.getByRole('dialog', { name: 'Conceder prêmio' });
    await grant.getByLabel('Jogadores (IDs)').fill(String(player.uId));
    await grant.getByLabel('Jogadores (IDs)').press('Enter');
    await grant.getByLabel('Título').fill('Presente de boas-vindas');
    await grant.getByLabel('Valor').fill('12');
    await grant.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Prêmio concedido').waitFor();
    await page.getByRole('row').filter({ hasText: 'Presente de boas-vindas' }).waitFor();
    expect((await api(server.baseUrl, 'GET', '/api/app/main/userGift', { token: player.token })).data).toBe(
      1,
    );

    await page.getByRole('menuitem', { name: 'Descontos e atividades' }).click();
    await page.getByRole('button', { name: 'Novo desconto' }).click();
    const discount = page.getByRole('dialog', { name: 'Novo desconto' });
    await discount.getByLabel('Nome').fill('Todos +15%');
    await discount.getByText('Primeiro depósito', { exact: true }).click();
    await page.getByTitle('Todos os jogadores').click();
    await discount.getByLabel('Extra').fill('15');
    await discount.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('row').filter({ hasText: 'Todos +15%' }).waitFor();
    const user = await api<{ payDiscount: { discount: number } | null }>(
      server.baseUrl,
      'GET',
      '/api/app/user/userInfo',
      { token: player.token },
    );
    expect(user.data.payDiscount?.discount).toBe(0.15);

    const owner = await operatorToken(server.baseUrl, OPERATOR.username, OPERATOR.password);
    const audit = await api<{ records: { action: string }[] }>(
      server.baseUrl,
      'GET',
      '/api/admin/audit?size=20',
      {
        token: owner,
      },
    );
    expect(audit.data.records.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['vip.level', 'signin.rewards', 'award.grant', 'discount.create']),
    );
  });
});
