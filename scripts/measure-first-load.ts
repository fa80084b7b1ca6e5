// Measures the first load of the running web app as a player on a slow phone sees it: Chromium at 390×844 with
// the CPU slowed 4× and "slow 4G" (400 ms round trip, 400 kbit/s each way), empty cache, no service worker yet.
// Prints when the first game tile is tappable, LCP, FCP, the bytes transferred before LCP and in all, per run and
// the median (docs/decisions/0011 defines each figure). bench/first-load.ts runs the same measurement.
// Usage: npm run measure:first-load -- [baseUrl] [runs]   (default http://127.0.0.1:3000, 3 runs)
import { chromium } from 'playwright-core';

export interface FirstLoadRun {
  /**
   * Milliseconds from navigation start until the first game tile is tappable: the first tile is in the page,
   * visible inside the viewport, and its art is drawn (an SVG with a box). A tile is either the server's link
   * (home.html's `a.boot-game[href]`, which opens the game's page before any script) or the app's button; a frame
   * of the picture without a game in it is not. The run then taps the first tile and checks it answers (the
   * sign-in sheet for a guest, or the game's page, which asks a guest to sign in); a tile that does not answer
   * fails the run. e2e/first-load.e2e.ts taps the server's link before any script has run.
   */
  tappableMs: number;
  /** Which tile was tappable first: 'link' (the server's, before the app) or 'app' (the app's button). */
  tappableBy: 'link' | 'app' | '';
  lcpMs: number;
  fcpMs: number;
  lcpElement: string;
  bytesBeforeLcp: number;
  bytesTotal: number;
  requests: number;
}

/** What "the first game tile" is and how it answers a tap, on the page measured. */
export interface TileProbe {
  path: string;
  /** CSS selector of the first tile; it must hold its art (an `svg`, or the lobby's `img`). */
  tile: string;
  /** CSS selector of what a tap shows. */
  answer: string;
}

/**
 * The home page for a guest: the first in-house game's tile, the server's link or the app's button; a tap opens
 * the sign-in sheet (the app's button) or the game's page, whose login guard opens it (the link).
 */
export const homeProbe: TileProbe = {
  path: '/home',
  tile: 'a.boot-game[href], .game-grid .game-card, .lobby-grid .lobby-tile',
  answer: '[role="dialog"], [role="alertdialog"]',
};

export const slowPhone = {
  cpuSlowdown: 4,
  latencyMs: 400,
  kbitPerSecond: 400,
};

export async function measureFirstLoad(baseUrl: string, probe: TileProbe = homeProbe): Promise<FirstLoadRun> {
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
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowPhone.cpuSlowdown });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: slowPhone.latencyMs,
      downloadThroughput: (slowPhone.kbitPerSecond * 1000) / 8,
      uploadThroughput: (slowPhone.kbitPerSecond * 1000) / 8,
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
    await page.addInitScript((tile: string) => {
      const w = window as unknown as {
        __lcp: { at: number; element: string };
        __tappable: number;
        __tappableBy: string;
      };
      w.__lcp = { at: 0, element: '' };
      w.__tappable = 0;
      w.__tappableBy = '';
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
      // Checked on every frame from the start, so the moment is the first frame the tile could be tapped in.
      const check = () => {
        const button = document.querySelector(tile);
        // The server's tiles inline their art (svg); the app's lobby tiles show the same file as an image.
        const art = button?.querySelector('svg, img');
        const box = button?.getBoundingClientRect();
        const artBox = art?.getBoundingClientRect();
        const visible =
          box !== undefined &&
          box.width > 0 &&
          box.height > 0 &&
          box.top < window.innerHeight &&
          artBox !== undefined &&
          artBox.width > 0 &&
          artBox.height > 0;
        if (visible) {
          w.__tappable = performance.now();
          w.__tappableBy = button?.tagName === 'A' ? 'link' : button?.tagName === 'BUTTON' ? 'app' : '';
        } else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    }, probe.tile);
    await page.goto(`${baseUrl}${probe.path}`, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(() => (window as unknown as { __tappable: number }).__tappable > 0, null, {
      timeout: 120_000,
      polling: 100,
    });
    const tappable = await page.evaluate(() => {
      const w = window as unknown as { __tappable: number; __tappableBy: 'link' | 'app' | '' };
      return { at: w.__tappable, by: w.__tappableBy };
    });
    // LCP is final once no larger element has been painted for a while (a tap would end it; the socket's long
    // polling keeps the network from ever being idle): wait until it has not changed for two seconds.
    let lastLcp = -1;
    let sameSince = Date.now();
    for (const deadline = Date.now() + 30_000; Date.now() < deadline && Date.now() - sameSince < 2000; ) {
      const lcp = await page.evaluate(() => (window as unknown as { __lcp: { at: number } }).__lcp.at);
      if (lcp !== lastLcp) {
        lastLcp = lcp;
        sameSince = Date.now();
      }
      await page.waitForTimeout(250);
    }
    const result = await page.evaluate(() => {
      const w = window as unknown as { __lcp: { at: number; element: string } };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      return { lcp: w.__lcp, fcp };
    });
    // The tile must answer a tap, or it was only a picture of one.
    await page.locator(probe.tile).first().tap({ timeout: 30_000 });
    await page.locator(probe.answer).first().waitFor({ state: 'visible', timeout: 30_000 });
    const lcpWall = startedAt + result.lcp.at / 1000;
    if (process.env.VERBOSE) {
      for (const item of finished) {
        console.log(
          `  ${Math.round((item.at - startedAt) * 1000)} ms ${(item.bytes / 1024).toFixed(1)} KB ${item.url.replace(baseUrl, '')}`,
        );
      }
    }
    return {
      tappableMs: Math.round(tappable.at),
      tappableBy: tappable.by,
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

export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export function describeRun(run: FirstLoadRun): string {
  return (
    `tappable ${run.tappableMs} ms${run.tappableBy ? ` (${run.tappableBy})` : ''}, LCP ${run.lcpMs} ms (${run.lcpElement}), FCP ${run.fcpMs} ms, ` +
    `${(run.bytesBeforeLcp / 1024).toFixed(1)} KB before LCP, ${(run.bytesTotal / 1024).toFixed(1)} KB in ${run.requests} requests`
  );
}

if (import.meta.main) {
  const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
  const runs = Number(process.argv[3] ?? 3);
  const results: FirstLoadRun[] = [];
  for (let run = 1; run <= runs; run++) {
    const result = await measureFirstLoad(baseUrl);
    results.push(result);
    console.log(`run ${run}: ${describeRun(result)}`);
  }
  console.log(
    `median: tappable ${median(results.map((r) => r.tappableMs))} ms, LCP ${median(results.map((r) => r.lcpMs))} ms, ` +
      `FCP ${median(results.map((r) => r.fcpMs))} ms, ` +
      `${(median(results.map((r) => r.bytesTotal)) / 1024).toFixed(1)} KB transferred`,
  );
}
