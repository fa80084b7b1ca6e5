import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { PHONE } from './browser.ts';
import { CAPTCHA_BYPASS } from './server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The back office is a desktop app: a common laptop screen.
export const DESKTOP = {
  viewport: { width: 1440, height: 900 },
  deviceScaleFactor: 1,
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
};

export interface DesktopSession {
  browser: Browser;
  /** The operator's desktop tab. */
  page: Page;
  /** Console and page errors of every tab opened here: a journey fails on any of them. */
  errors: string[];
  /** A player's phone in the same browser (its own cookies and storage). */
  openPhonePage(): Promise<Page>;
  close(): Promise<void>;
}

function watch(page: Page, errors: string[]): void {
  page.on('console', (message) => {
    // Refusals a journey provokes show as "Failed to load resource"; they are expected.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
}

/** One Chromium (the machine has two cores): the operator's desktop context, and phones on demand. */
export async function openDesktop(baseUrl: string): Promise<DesktopSession> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  const errors: string[] = [];
  const contexts: BrowserContext[] = [];
  const context = await browser.newContext({ ...DESKTOP, baseURL: baseUrl });
  contexts.push(context);
  const page = await context.newPage();
  watch(page, errors);
  return {
    browser,
    page,
    errors,
    async openPhonePage() {
      const phone = await browser.newContext({ ...PHONE, baseURL: baseUrl });
      contexts.push(phone);
      const phonePage = await phone.newPage();
      watch(phonePage, errors);
      return phonePage;
    },
    async close() {
      await browser.close();
    },
  };
}

/** Signs in on /admin/login as an operator would, and waits for the signed-in frame. */
export async function operatorSignIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Usuário').fill(username);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByTestId('operator-name').waitFor();
}

interface Answer<T> {
  http: number;
  status: number;
  message: string;
  data: T;
}

/** A JSON call to the running server, as a player's or an operator's client would make it. */
export async function api<T = unknown>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const envelope = (await response.json()) as Omit<Answer<T>, 'http'>;
  return { http: response.status, ...envelope };
}

export async function operatorToken(baseUrl: string, username: string, password: string): Promise<string> {
  const answer = await api<{ access_token: string }>(baseUrl, 'POST', '/api/admin/auth/login', {
    body: { username, password },
  });
  if (answer.http !== 200) throw new Error(`operator login failed: ${answer.message}`);
  return answer.data.access_token;
}

export interface ApiPlayer {
  username: string;
  password: string;
  token: string;
  uId: number;
}

/** Registers a player through the API (the captcha bypass of development servers). */
export async function registerPlayerByApi(baseUrl: string, username: string, password = 'segredo123') {
  const registered = await api<{ access_token: string }>(baseUrl, 'POST', '/api/auth/user/restRegister', {
    body: { username, pwd: password, pwd1: password, codeId: 1, captCode: CAPTCHA_BYPASS },
  });
  if (registered.http !== 200) throw new Error(`register failed: ${registered.message}`);
  const token = registered.data.access_token;
  const info = await api<{ uId: number }>(baseUrl, 'GET', '/api/app/user/userInfo', { token });
  return { username: username.toLowerCase(), password, token, uId: info.data.uId } satisfies ApiPlayer;
}
