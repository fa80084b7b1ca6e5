import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// A mid-range Android phone: the app sizes its root font from the width on phones (spec.md section 2).
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
};

export interface PhoneSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far: a journey fails on any of them. */
  errors: string[];
  close(): Promise<void>;
}

export async function openPhone(baseUrl: string): Promise<PhoneSession> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({ ...PHONE, baseURL: baseUrl });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // The browser logs every 4xx answer as "Failed to load resource"; refusals a journey provokes are expected.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    browser,
    context,
    page,
    errors,
    async close() {
      await browser.close();
    },
  };
}

/**
 * Waits until an element has stopped moving (the same box on three reads 100 ms apart). Playwright waits
 * for stability inside an element's own frame, not for an iframe carried by a sliding sheet.
 */
export async function waitUntilStill(locator: Locator, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  let same = 0;
  while (Date.now() < deadline) {
    const box = JSON.stringify(await locator.boundingBox());
    same = box === last && box !== 'null' ? same + 1 : 0;
    if (same >= 2) return;
    last = box;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`still moving after ${timeoutMs} ms: ${last}`);
}

/**
 * Waits until nothing on the page moves: every dialog, popup, mask and toast keeps its box and opacity, no finite
 * CSS animation runs and the page's height holds, for five animation frames in a row. antd-mobile's sheets slide
 * in with a JavaScript spring, so a picture taken before this shows them cut off.
 */
export async function waitUntilPageStill(page: Page, timeoutMs = 10_000): Promise<void> {
  await page.evaluate(() => {
    delete (window as unknown as { __still?: unknown }).__still;
  });
  await page.waitForFunction(
    () => {
      const seen = window as unknown as { __still?: { key: string; frames: number } };
      const moving = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
        ).length;
      const boxes = [
        ...document.querySelectorAll(
          '[role="dialog"], .adm-popup-body, .adm-mask, .adm-toast-main, .ant-modal, .ant-drawer-content-wrapper',
        ),
      ].map((element) => {
        const box = element.getBoundingClientRect();
        return `${box.x},${box.y},${box.width},${box.height},${getComputedStyle(element).opacity}`;
      });
      const key = `${boxes.join('|')}#${moving}#${document.documentElement.scrollHeight}`;
      const last = seen.__still;
      seen.__still = { key, frames: last && last.key === key && moving === 0 ? last.frames + 1 : 0 };
      return seen.__still.frames >= 5;
    },
    undefined,
    { polling: 'raf', timeout: timeoutMs },
  );
}
