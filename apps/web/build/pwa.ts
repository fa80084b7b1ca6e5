import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Build-time pieces of the installable app: the offline page in every language of the catalogues, and the service
 * worker with this build's file list baked in (see src/sw/service-worker.js for what it does with it).
 *
 * Hand-written rather than Workbox: the worker is one short file and Workbox's build tool brings a bundler and
 * Babel into the build for it.
 */
export function pwa(options: { localesDir: string; workerSource: string }): Plugin {
  return {
    name: 'aposta-pwa',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: offlinePage(options.localesDir) });
    },
    // After the bundle is written, when its file list is final (CSS-only chunks are dropped late in the build).
    writeBundle(output, bundle) {
      // The shell: the entry page and every file it needs before the first paint (the entry chunk, its static
      // imports and its CSS). Lazy chunks are cached as the player opens them.
      const shell = new Set<string>([
        '/',
        '/offline.html',
        '/offline.js',
        '/manifest.webmanifest',
        '/favicon.svg',
      ]);
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk' || !item.isEntry) continue;
        for (const file of [item.fileName, ...item.imports, ...(item.viteMetadata?.importedCss ?? [])]) {
          if (file in bundle) shell.add(`/${file}`);
        }
      }
      const list = [...shell].sort();
      // The version changes whenever any shell file does, so a new deploy installs a new worker.
      const version = hash(list.join('\n'));
      const source = readFileSync(options.workerSource, 'utf8')
        .replace('self.__SHELL__', JSON.stringify(list))
        .replace('self.__VERSION__', JSON.stringify(version));
      writeFileSync(join(output.dir ?? 'dist', 'sw.js'), source);
    },
  };
}

function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value.toString(36);
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * A page that needs nothing else from the network: its texts in every locale of common.json (`offline.*`), the
 * one matching the language the player chose (or the browser's) shown by offline.js, pt_BR by default.
 */
function offlinePage(localesDir: string): string {
  const texts: Record<string, { title: string; body: string; retry: string }> = {};
  for (const locale of readdirSync(localesDir).filter((name) => /^[a-z]{2}_[A-Z]{2}$/.test(name))) {
    const common = JSON.parse(readFileSync(join(localesDir, locale, 'common.json'), 'utf8'));
    texts[locale] = common.offline;
  }
  const fallback = texts.pt_BR!;
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#0b1426"><title>Aposta</title>
<style>
html,body{margin:0;height:100%;background:#0b1426;color:#e8eefc;font:16px/1.5 system-ui,sans-serif}
main{box-sizing:border-box;min-height:100%;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;padding:24px;text-align:center}
h1{font-size:20px;margin:0}p{margin:0;max-width:320px;color:#a9b6d3}
button{font:inherit;font-weight:600;border:0;border-radius:10px;padding:12px 28px;background:#2ee59d;color:#0b1426}
</style></head>
<body><main>
<img src="/favicon.svg" width="64" height="64" alt="">
<h1 id="title">${escapeHtml(fallback.title)}</h1>
<p id="body">${escapeHtml(fallback.body)}</p>
<button id="retry" type="button">${escapeHtml(fallback.retry)}</button>
</main>
<script type="application/json" id="texts">${JSON.stringify(texts).replaceAll('<', '\\u003c')}</script>
<script src="/offline.js"></script>
</body></html>
`;
}
