import { readFileSync } from 'node:fs';
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
export function bootShell(options: { bannerArt: string; logo: string }): Plugin {
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
      const shell =
        `<div class="boot-shell" aria-hidden="true">` +
        `<div class="boot-header"><img class="boot-logo" src="${logo}" alt=""></div>` +
        `<div class="boot-home"><img class="boot-banner" src="${banner}" alt="">` +
        `<div class="boot-tiles">${tiles}</div></div></div>`;
      if (!html.includes('<div id="root"></div>')) this.error('index.html has no empty #root');
      const home = html
        .replace('</head>', `<style>${bootCss}</style></head>`)
        .replace('<div id="root"></div>', `<div id="root">${shell}</div>`);
      this.emitFile({ type: 'asset', fileName: 'home.html', source: home });
    },
  };
}

// u = one design pixel: the column width / 393 (the column is the window on phones, at most 589.5 px).
const bootCss = `
.boot-shell{--u:calc(min(100vw,589.5px)/393);width:min(100vw,589.5px);margin:0 auto}
.boot-header{height:max(52px,calc(56*var(--u)));display:flex;align-items:center;padding:0 calc(56*var(--u));border-bottom:1px solid #2a3d63;box-sizing:border-box}
.boot-logo{height:max(24px,calc(30*var(--u)));width:auto}
.boot-home{padding:calc(12*var(--u));display:flex;flex-direction:column;gap:calc(16*var(--u))}
.boot-banner{display:block;width:100%;height:calc(160*var(--u));object-fit:cover;object-position:right center;border-radius:calc(14*var(--u));background:#123061}
.boot-tiles{display:grid;grid-template-columns:repeat(3,1fr);gap:calc(10*var(--u));margin-top:calc(38*var(--u))}
.boot-tile{aspect-ratio:3/3.6;border-radius:calc(12*var(--u));background:#13203a;border:1px solid #2a3d63}
`.trim();
