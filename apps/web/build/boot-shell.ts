import { readFileSync } from 'node:fs';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * The home page's first paint without waiting for the JavaScript: the build writes `home.html`, index.html with
 * a static picture of the home page inside #root — the header bar, the welcome banner's art and the game grid as
 * empty tiles. The server sends it for `/` and `/home` (other routes get the plain index.html); React replaces it
 * when it renders. On a slow phone the player sees the page's shape and art about two seconds earlier.
 *
 * The picture has no words (the language is only known to the script); the real banner, in the player's
 * language, is drawn over the same place by React. Its sizes follow the app's rem rule (1rem = 1/393 of the
 * column, the column at most 589.5 px wide), written with vw because the root font is set by the script.
 */
/**
 * The home page's chunk, the chunks it imports and its CSS, fetched beside the entry instead of after it has run
 * (one round trip of a slow link saved, and no spinner while the home chunk arrives). The entry's own preloads are
 * in index.html already.
 */
function homePreloads(bundle: OutputBundle, html: string): string {
  const home = Object.values(bundle).find(
    (file): file is OutputChunk =>
      file.type === 'chunk' && /\/features\/home\/HomePage\.tsx$/.test(file.facadeModuleId ?? ''),
  );
  if (!home) return '';
  const scripts = [home.fileName, ...home.imports].filter((name) => !html.includes(`/${name}"`));
  const styles = [...(home.viteMetadata?.importedCss ?? [])].filter((name) => !html.includes(`/${name}"`));
  return (
    scripts.map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`).join('') +
    styles.map((name) => `<link rel="preload" as="style" crossorigin href="/${name}">`).join('')
  );
}

export function bootShell(options: { bannerArt: string; logo: string; css: string }): Plugin {
  return {
    name: 'aposta-boot-shell',
    apply: 'build',
    enforce: 'post',
    generateBundle(_output, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') this.error('index.html is not in the bundle');
      const html = String(index.source);
      const banner = `data:image/svg+xml,${encodeURIComponent(readFileSync(options.bannerArt, 'utf8'))}`;
      const logo = `data:image/svg+xml,${encodeURIComponent(readFileSync(options.logo, 'utf8'))}`;
      const tiles = '<span class="boot-tile"></span>'.repeat(6);
      // The same rules React's HomeSkeleton uses, minified a little: about 1 KB inline.
      const bootCss = readFileSync(options.css, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\s*([{}:;,])\s*/g, '$1')
        .replace(/\s+/g, ' ')
        .trim();
      const shell =
        `<div class="boot-shell" aria-hidden="true">` +
        `<div class="boot-header"><img class="boot-logo" src="${logo}" alt=""></div>` +
        `<div class="boot-home"><img class="boot-banner" src="${banner}" alt="">` +
        `<div class="boot-tiles">${tiles}</div></div></div>`;
      if (!html.includes('<div id="root"></div>')) this.error('index.html has no empty #root');
      const home = html
        .replace('</head>', `${homePreloads(bundle, html)}<style>${bootCss}</style></head>`)
        .replace('<div id="root"></div>', `<div id="root">${shell}</div>`);
      this.emitFile({ type: 'asset', fileName: 'home.html', source: home });
    },
  };
}
