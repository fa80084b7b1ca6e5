import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  describeRun,
  type FirstLoadRun,
  homeProbe,
  measureFirstLoad,
  median,
  type TileProbe,
} from '../scripts/measure-first-load.ts';

/**
 * The home's first load on the project's slow phone (scripts/measure-first-load.ts: 4× CPU, 400 ms RTT,
 * 400 kbit/s; docs/decisions/0011), against a baseline measured in the same run: a static page of the same
 * transferred size, with one tile drawn the same way and no script at all, served by the same server. The ratio
 * says what the app's own work adds to what the bytes alone cost on that link; the absolute seconds are the
 * issue's targets. Lighthouse (mobile preset, simulated throttling) scores both pages the same way.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = path.join(ROOT, 'apps/api/src/main.ts');
const BASELINE_PAGE = 'first-load-baseline.html';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  seo: number;
  tbtMs: number;
  cls: number;
  lcpMs: number;
  /** Lighthouse's measure of this machine's CPU at the time (a mid-range desktop scores about 1000). */
  benchmarkIndex: number;
}

export interface FirstLoadBench {
  runs: number;
  home: FirstLoadRun;
  baseline: FirstLoadRun;
  lighthouse?: { home: LighthouseScores; baseline: LighthouseScores; runs: number };
  /** One-minute load averages at the start and the end (the machine is shared: say how busy it was). */
  load: { start: number; end: number; cores: number };
}

async function startServer(distDir: string): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-first-load-data-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: distDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the server did not start within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${args.join(' ')} exited with ${code}:\n${out.slice(-2000)}`)),
    );
  });
}

/** The production build of the web app into a private folder (apps/web/dist is shared with other work). */
async function buildWeb(outDir: string): Promise<void> {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  await run(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir'],
    path.join(ROOT, 'apps/web'),
  );
}

/**
 * The baseline page: the home's static picture (same inline CSS and art as home.html), then as many random
 * bytes as the home transfers (in an HTML comment, before the tile, so they must arrive before it can be drawn),
 * then one tile with its art that opens a sheet when tapped, by HTML alone.
 */
function writeBaselinePage(distDir: string, bytes: number): void {
  const home = fs.readFileSync(path.join(distDir, 'home.html'), 'utf8');
  const head = home.slice(0, home.indexOf('<body>'));
  const style = /<style>[\s\S]*?<\/style>/.exec(head)?.[0] ?? '';
  // Random bytes in base64 are 4/3 as long and compress back to about the bytes: sized for the bytes on the wire.
  const padding = randomBytes(Math.ceil(bytes * 1.0)).toString('base64');
  const tile =
    '<details class="game-grid"><summary class="game-card" style="display:block;width:33%;aspect-ratio:3/3.6">' +
    '<svg viewBox="0 0 64 64" width="64" height="64"><polygon points="32,10 50,26 32,54 14,26" fill="#20c9e0"/></svg>' +
    'Mines</summary><div role="dialog" aria-label="Entrar">Entrar ou registrar</div></details>';
  const page =
    `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="description" content="Página de referência da medição do primeiro carregamento.">` +
    `<title>Aposta</title>${style}</head><body style="background:#0b1426;color:#fff">` +
    `<div class="boot-shell"><div class="boot-home"><div class="boot-tiles"></div></div></div>` +
    `<!-- ${padding} -->${tile}</body></html>`;
  fs.writeFileSync(path.join(distDir, BASELINE_PAGE), page);
}

const baselineProbe: TileProbe = {
  path: `/${BASELINE_PAGE}`,
  tile: 'summary.game-card',
  answer: '[role="dialog"]',
};

function medianRun(runs: FirstLoadRun[]): FirstLoadRun {
  return {
    tappableMs: median(runs.map((r) => r.tappableMs)),
    tappableBy: runs[0]?.tappableBy ?? '',
    lcpMs: median(runs.map((r) => r.lcpMs)),
    fcpMs: median(runs.map((r) => r.fcpMs)),
    lcpElement: runs[0]?.lcpElement ?? '',
    bytesBeforeLcp: median(runs.map((r) => r.bytesBeforeLcp)),
    bytesTotal: median(runs.map((r) => r.bytesTotal)),
    requests: median(runs.map((r) => r.requests)),
  };
}

async function measureRuns(
  baseUrl: string,
  probe: TileProbe,
  runs: number,
  label: string,
): Promise<FirstLoadRun> {
  const results: FirstLoadRun[] = [];
  for (let index = 1; index <= runs; index++) {
    const result = await measureFirstLoad(baseUrl, probe);
    console.log(`  first load, ${label}, run ${index}: ${describeRun(result)}`);
    results.push(result);
  }
  return medianRun(results);
}

/** One Lighthouse run (mobile, simulated throttling: its default) on Debian's Chromium. */
async function lighthouseOnce(url: string): Promise<LighthouseScores> {
  const cli = path.join(ROOT, 'node_modules/lighthouse/cli/index.js');
  const output = path.join(os.tmpdir(), `aposta-lighthouse-${randomBytes(4).toString('hex')}.json`);
  try {
    await run(
      process.execPath,
      [
        cli,
        url,
        '--only-categories=performance,accessibility,seo',
        '--output=json',
        `--output-path=${output}`,
        '--chrome-flags=--headless=new --no-sandbox',
        '--quiet',
      ],
      ROOT,
      { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    );
    const report = JSON.parse(fs.readFileSync(output, 'utf8')) as {
      categories: Record<string, { score: number }>;
      audits: Record<string, { numericValue?: number }>;
      environment: { benchmarkIndex: number };
    };
    return {
      performance: Math.round((report.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((report.categories.accessibility?.score ?? 0) * 100),
      seo: Math.round((report.categories.seo?.score ?? 0) * 100),
      tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
      cls: Math.round((report.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
      lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
      benchmarkIndex: Math.round(report.environment.benchmarkIndex),
    };
  } finally {
    fs.rmSync(output, { force: true });
  }
}

async function lighthouseRuns(url: string, runs: number, label: string): Promise<LighthouseScores> {
  const results: LighthouseScores[] = [];
  for (let index = 1; index <= runs; index++) {
    const scores = await lighthouseOnce(url).catch((error: Error) => {
      // Lighthouse itself sometimes fails to record a trace (NO_NAVSTART, "Please run Lighthouse again"): that run
      // is made again once, rather than losing the whole bench's figures to it.
      if (!/run Lighthouse again/i.test(error.message)) throw error;
      console.log(`  lighthouse, ${label}, run ${index}: Lighthouse asked to be run again; running it again`);
      return lighthouseOnce(url);
    });
    console.log(`  lighthouse, ${label}, run ${index}: ${JSON.stringify(scores)}`);
    results.push(scores);
  }
  const pick = (key: keyof LighthouseScores) => median(results.map((scores) => scores[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    seo: pick('seo'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    lcpMs: pick('lcpMs'),
    benchmarkIndex: pick('benchmarkIndex'),
  };
}

export async function runFirstLoadBench(
  runs = 3,
  lighthouse = Number(process.env.FIRST_LOAD_LIGHTHOUSE_RUNS ?? runs),
): Promise<FirstLoadBench> {
  const startLoad = os.loadavg()[0] ?? 0;
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-first-load-dist-'));
  try {
    await buildWeb(distDir);
    let server = await startServer(distDir);
    let home: FirstLoadRun;
    let homeScores: LighthouseScores | undefined;
    try {
      home = await measureRuns(server.baseUrl, homeProbe, runs, 'home');
      if (lighthouse > 0) homeScores = await lighthouseRuns(`${server.baseUrl}/home`, lighthouse, 'home');
    } finally {
      await server.stop();
    }
    // The server lists the build's files when it starts: restart it to serve the baseline page sized to the home.
    writeBaselinePage(distDir, home.bytesTotal);
    server = await startServer(distDir);
    try {
      const baseline = await measureRuns(server.baseUrl, baselineProbe, runs, 'static baseline');
      const baselineScores =
        lighthouse > 0
          ? await lighthouseRuns(`${server.baseUrl}${baselineProbe.path}`, lighthouse, 'baseline')
          : undefined;
      return {
        runs,
        home,
        baseline,
        ...(homeScores && baselineScores
          ? { lighthouse: { home: homeScores, baseline: baselineScores, runs: lighthouse } }
          : {}),
        load: { start: startLoad, end: os.loadavg()[0] ?? 0, cores: os.availableParallelism() },
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(distDir, { recursive: true, force: true });
  }
}
