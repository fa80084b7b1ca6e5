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

/** The markers around the picture's tiles, which the server fills with links (apps/api/src/http/web-static.ts). */
export const TILES_START = '<!--home-tiles-->';
export const TILES_END = '<!--/home-tiles-->';

/** The page's own colours and type, which the app's stylesheet sets once it has arrived (global.css, tokens.css). */
const pageCss =
  'body{margin:0;background:#0b1426;color:#eef3ff;' +
  'font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;-webkit-text-size-adjust:100%}';

/**
 * The app's stylesheets stop blocking the first paint: the picture is drawn by its inline CSS alone, and the
 * stylesheets are fetched at once (`preload`) and applied by the app before its first render
 * (`applyAppStyles` in src/app/shell/first-home.ts). On a 400 ms round trip that is a round trip and their
 * transfer off the way to the first paint and the tappable tiles.
 */
export function deferStylesheets(html: string): string {
  return html.replace(
    /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g,
    (_match, crossorigin: string | undefined, href: string) =>
      `<link rel="preload" as="style"${crossorigin ?? ''} href="${href}" data-app-style>`,
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
      // The server puts the lobby's first games as links between the markers (apps/api/src/http/web-static.ts);
      // served as it is (no game list, or no server), the picture keeps its six empty frames.
      const tiles =
        `${TILES_START}<div class="boot-tiles" aria-hidden="true">` +
        `${'<span class="boot-tile"></span>'.repeat(6)}</div>${TILES_END}`;
      // The same rules React's HomeSkeleton uses, minified a little: about 1 KB inline.
      const bootCss = readFileSync(options.css, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\s*([{}:;,])\s*/g, '$1')
        .replace(/\s+/g, ' ')
        .trim();
      const shell =
        `<div class="boot-shell">` +
        `<div class="boot-header" aria-hidden="true"><img class="boot-logo" src="${logo}" alt=""></div>` +
        `<div class="boot-home"><img class="boot-banner" src="${banner}" alt="" width="393" height="160">` +
        `${tiles}</div></div>`;
      if (!html.includes('<div id="root"></div>')) this.error('index.html has no empty #root');
      const home = deferStylesheets(html)
        .replace('</head>', `${homePreloads(bundle, html)}<style>${pageCss}${bootCss}</style></head>`)
        .replace('<div id="root"></div>', `<div id="root">${shell}</div>`);
      this.emitFile({ type: 'asset', fileName: 'home.html', source: home });
    },
  };
}
