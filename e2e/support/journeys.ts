import type { Page } from 'playwright-core';
import { CAPTCHA_BYPASS } from './server.ts';

let counter = 0;
export function newEmail(prefix = 'jogador'): string {
  counter += 1;
  return `${prefix}${Date.now()}${counter}@example.com`;
}

/**
 * Registers through the overlay as a player would, and waits for the logged-in header. Registration also sets the
 * start mask's flag (shown on home once the second-deposit offer is closed); journeys about something else drop it
 * so the mask does not cover their clicks. The engagement journey keeps it (`startMask: true`).
 */
export async function registerThroughUi(
  page: Page,
  email: string,
  password: string,
  options: { startMask?: boolean } = {},
): Promise<void> {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Registrar' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Entrar ou registrar' });
  await dialog.getByRole('tab', { name: 'Registrar' }).click();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Senha', { exact: true }).fill(password);
  await dialog.getByLabel('Confirmar senha').fill(password);
  await dialog.getByLabel('Código de verificação').fill(CAPTCHA_BYPASS);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Criar conta' }).click();
  await page.getByLabel('balance').waitFor();
  if (!options.startMask) await page.evaluate(() => localStorage.removeItem('showStartMask'));
}

export async function loginThroughUi(page: Page, email: string, password: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Entrar ou registrar' });
  if (!(await dialog.isVisible())) {
    await page.getByRole('button', { name: 'Entrar' }).first().click();
  }
  await dialog.getByRole('tab', { name: 'Entrar' }).click();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Senha', { exact: true }).fill(password);
  await dialog.getByLabel('Código de verificação').fill(CAPTCHA_BYPASS);
  await dialog.getByRole('button', { name: 'Fazer login' }).click();
  await page.getByLabel('balance').waitFor();
}
