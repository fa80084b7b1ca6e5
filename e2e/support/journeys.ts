import type { Page } from 'playwright-core';
import { CAPTCHA_BYPASS } from './server.ts';

let counter = 0;
export function newEmail(prefix = 'jogador'): string {
  counter += 1;
  return `${prefix}${Date.now()}${counter}@example.com`;
}

/**
 * A valid CPF no other player of this run has used (formatted 000.000.000-00): a journey run again after a failure
 * registers new players, and a CPF belongs to one account.
 */
export function newCpf(): string {
  const base = Array.from({ length: 9 }, (_, index) =>
    index === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
  );
  const digit = (digits: number[]) => {
    const sum = digits.reduce((total, value, index) => total + value * (digits.length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const withFirst = [...base, digit(base)];
  const all = [...withFirst, digit(withFirst)].join('');
  return `${all.slice(0, 3)}.${all.slice(3, 6)}.${all.slice(6, 9)}-${all.slice(9)}`;
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
