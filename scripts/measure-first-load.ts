// Measures the first load of the running web app as a player on a slow phone sees it: Chromium at 390×844 with
// the CPU slowed 4× and "slow 4G" (400 ms round trip, 400 kbit/s each way), empty cache, no service worker yet.
// Prints LCP, FCP, the bytes transferred before LCP and in all, per run and the median.
// Usage: node scripts/measure-first-load.ts [baseUrl] [runs]   (default http://127.0.0.1:3000, 3 runs)
import { chromium } from 'playwright-core';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
const runs = Number(process.argv[3] ?? 3);

interface Run {
  /** When React has drawn the home page with its game tiles (the page the player can use). */
  gamesMs: number;
  lcpMs: number;
  fcpMs: number;
  lcpElement: string;
  bytesBeforeLcp: number;
  bytesTotal: number;
  requests: number;
}

async function measureOnce(): Promise<Run> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
      userAgent:
        'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      locale: 'pt-BR',
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: (400 * 1000) / 8,
      uploadThroughput: (400 * 1000) / 8,
    });
    const finished: { at: number; bytes: number; url: string }[] = [];
    const urls = new Map<string, string>();
    cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url));
    cdp.on('Network.loadingFinished', (event) =>
      finished.push({
        at: event.timestamp,
        bytes: event.encodedDataLength,
        url: urls.get(event.requestId) ?? '',
      }),
    );
    let startedAt = 0;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (startedAt === 0) startedAt = event.timestamp;
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: { at: number; element: string } };
      w.__lcp = { at: 0, element: '' };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
          const element = entry.element;
          w.__lcp = {
            at: entry.startTime,
            element: element
              ? `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} "${(element.textContent ?? '').trim().slice(0, 30)}"`
              : '',
          };
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${baseUrl}/home`, { waitUntil: 'load', timeout: 120_000 });
    const gamesMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const check = () =>
            document.querySelector('.boot-shell') === null && document.body.innerText.includes('Mines')
              ? resolve(performance.now())
              : requestAnimationFrame(check);
          check();
        }),
    );
    // LCP settles once the page is quiet; then a tap would end it, so just wait.
    await page.waitForTimeout(6000);
    const result = await page.evaluate(() => {
      const w = window as unknown as { __lcp: { at: number; element: string } };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      return { lcp: w.__lcp, fcp, navStart: performance.timeOrigin };
    });
    const lcpWall = startedAt + result.lcp.at / 1000;
    if (process.env.VERBOSE) {
      for (const item of finished) {
        console.log(
          `  ${Math.round((item.at - startedAt) * 1000)} ms ${(item.bytes / 1024).toFixed(1)} KB ${item.url.replace(baseUrl, '')}`,
        );
      }
    }
    return {
      gamesMs: Math.round(gamesMs),
      lcpMs: Math.round(result.lcp.at),
      fcpMs: Math.round(result.fcp),
      lcpElement: result.lcp.element,
      bytesBeforeLcp: finished
        .filter((item) => item.at <= lcpWall)
        .reduce((sum, item) => sum + item.bytes, 0),
      bytesTotal: finished.reduce((sum, item) => sum + item.bytes, 0),
      requests: finished.length,
    };
  } finally {
    await browser.close();
  }
}

const results: Run[] = [];
for (let run = 1; run <= runs; run++) {
  const result = await measureOnce();
  results.push(result);
  console.log(
    `run ${run}: LCP ${result.lcpMs} ms (${result.lcpElement}), FCP ${result.fcpMs} ms, games ${result.gamesMs} ms, ` +
      `${(result.bytesBeforeLcp / 1024).toFixed(1)} KB before LCP, ${(result.bytesTotal / 1024).toFixed(1)} KB in ${result.requests} requests`,
  );
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `median: LCP ${median(results.map((r) => r.lcpMs))} ms, FCP ${median(results.map((r) => r.fcpMs))} ms, ` +
    `games ${median(results.map((r) => r.gamesMs))} ms, ` +
    `${(median(results.map((r) => r.bytesTotal)) / 1024).toFixed(1)} KB transferred`,
);
