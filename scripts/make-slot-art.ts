// Draws the slot tiles' art (apps/web/public/slots/<code>.svg) for the demo studio's twelve games, from each
// game's own palette (packages/slots) and a motif of its theme: no network, no stock images, no initials
// (docs/decisions/0034). Each file is a small vector image (about 1-2 KB, one request, sharp on any screen),
// kept a day by the browser (apps/api/src/http/web-static.ts). `slot-default.svg` is the art of a game the
// catalogue lists without its own (a provider's new game). Run again after adding a game:
// `npm run make-slot-art`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SLOT_GAMES } from '../packages/slots/src/index.ts';

const outDir = join(import.meta.dirname, '..', 'apps', 'web', 'public', 'slots');

interface Palette {
  background: string;
  reel: string;
  accent: string;
  text: string;
}

/** Stars scattered from a seed, so each night sky differs and the file is the same on every run. */
function stars(seed: number, count: number, color: string): string {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return Array.from({ length: count }, () => {
    const x = Math.round(next() * 116 + 2);
    const y = Math.round(next() * 70 + 2);
    const r = (next() * 1.2 + 0.4).toFixed(1);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`;
  }).join('');
}

/** Each motif is drawn in a 120-unit square over the game's background gradient. */
const motifs: Record<string, (c: Palette) => string> = {
  // Lunar new year: a golden ox's head among coins.
  'pg-boi-dourado': (c) =>
    `<circle cx="20" cy="22" r="9" fill="${c.accent}" opacity=".5"/><circle cx="102" cy="96" r="11" fill="${c.accent}" opacity=".45"/>` +
    `<path d="M30 40c-14-4-20-18-16-28 6 10 14 14 26 16zM90 40c14-4 20-18 16-28-6 10-14 14-26 16z" fill="#fff4dc"/>` +
    `<ellipse cx="60" cy="60" rx="30" ry="32" fill="${c.accent}"/>` +
    `<ellipse cx="26" cy="50" rx="10" ry="6" fill="${c.accent}" transform="rotate(-20 26 50)"/>` +
    `<ellipse cx="94" cy="50" rx="10" ry="6" fill="${c.accent}" transform="rotate(20 94 50)"/>` +
    `<ellipse cx="60" cy="78" rx="20" ry="14" fill="#e8a93a"/><circle cx="52" cy="78" r="3" fill="#5a0a0e"/><circle cx="68" cy="78" r="3" fill="#5a0a0e"/>` +
    `<circle cx="48" cy="56" r="4" fill="#5a0a0e"/><circle cx="72" cy="56" r="4" fill="#5a0a0e"/>` +
    `<circle cx="60" cy="93" r="7" fill="none" stroke="#fff4dc" stroke-width="3"/>` +
    `<path d="M50 34h20l-10 10z" fill="#c0161e"/>`,
  // A lantern festival at night: three paper lanterns under the stars.
  'pg-lanternas-da-fortuna': (c) =>
    stars(7, 22, '#ffe9d6') +
    [
      [30, 44, 0.8],
      [60, 58, 1.1],
      [92, 40, 0.75],
    ]
      .map(
        ([x, y, s]) =>
          `<g transform="translate(${x} ${y}) scale(${s})"><path d="M0-40v12" stroke="${c.text}" stroke-width="1.5"/>` +
          `<rect x="-9" y="-30" width="18" height="6" rx="2" fill="#f5c542"/>` +
          `<ellipse cx="0" cy="-4" rx="22" ry="22" fill="${c.accent}"/>` +
          `<path d="M-8-24c-6 12-6 28 0 40M8-24c6 12 6 28 0 40M0-26v44" stroke="#c2401c" stroke-width="2" fill="none"/>` +
          `<rect x="-9" y="16" width="18" height="6" rx="2" fill="#f5c542"/><path d="M0 22v14" stroke="#f5c542" stroke-width="3"/></g>`,
      )
      .join('') +
    `<ellipse cx="60" cy="112" rx="60" ry="10" fill="#ff7a45" opacity=".25"/>`,
  // An imperial jade garden: a jade dragon coiled round a pearl.
  'pg-dragao-de-jade': (c) =>
    `<circle cx="60" cy="60" r="44" fill="none" stroke="${c.accent}" stroke-opacity=".25" stroke-width="8"/>` +
    `<path d="M18 92c10-30 40-8 46-34s-22-34-4-44c14-8 34 4 40 18" fill="none" stroke="${c.accent}" stroke-width="14" stroke-linecap="round"/>` +
    `<path d="M18 92c10-30 40-8 46-34s-22-34-4-44c14-8 34 4 40 18" fill="none" stroke="#1f8a5b" stroke-width="4" stroke-dasharray="4 6" stroke-linecap="round"/>` +
    `<path d="M92 20l14 8-6 14-14-2z" fill="${c.accent}"/><circle cx="98" cy="28" r="2.5" fill="#0c3b2e"/>` +
    `<path d="M104 22l10-10M100 20l4-14" stroke="#f5c542" stroke-width="2.5" stroke-linecap="round"/>` +
    `<circle cx="80" cy="78" r="12" fill="#e8f5ec"/><circle cx="76" cy="74" r="4" fill="#fff"/>`,
  // The moon festival: the rabbit against a full moon on an autumn night.
  'pg-coelho-da-lua': (c) =>
    stars(11, 16, '#f7f2ff') +
    `<circle cx="64" cy="56" r="38" fill="#ffe8a3"/><circle cx="52" cy="44" r="6" fill="#f3d27a"/><circle cx="80" cy="66" r="8" fill="#f3d27a"/>` +
    `<ellipse cx="52" cy="92" rx="22" ry="17" fill="${c.reel}"/><circle cx="40" cy="72" r="12" fill="${c.reel}"/>` +
    `<ellipse cx="34" cy="50" rx="5" ry="15" fill="${c.reel}" transform="rotate(-12 34 50)"/><ellipse cx="45" cy="50" rx="5" ry="15" fill="${c.reel}" transform="rotate(10 45 50)"/>` +
    `<ellipse cx="45" cy="50" rx="2" ry="10" fill="#f3b8d0" transform="rotate(10 45 50)"/><circle cx="36" cy="70" r="2" fill="#221a4d"/>` +
    `<circle cx="74" cy="100" r="6" fill="${c.reel}"/><path d="M0 112q60-14 120 0v8H0z" fill="${c.accent}" opacity=".6"/>`,
  // A trip between planets: a ringed planet and a rocket.
  'evo-rota-espacial': (c) =>
    stars(23, 28, '#e6f7ff') +
    `<circle cx="44" cy="68" r="28" fill="#6c4dff"/><path d="M20 60q24 12 48-2" stroke="#8f79ff" stroke-width="6" fill="none"/>` +
    `<ellipse cx="44" cy="68" rx="44" ry="10" fill="none" stroke="${c.accent}" stroke-width="4" transform="rotate(-18 44 68)"/>` +
    `<g transform="translate(88 40) rotate(35)"><path d="M0-24c8 8 10 22 6 34H-6c-4-12-2-26 6-34z" fill="#e6f7ff"/>` +
    `<circle cx="0" cy="-6" r="4" fill="${c.accent}"/><path d="M-6 4l-8 10h8zM6 4l8 10H6z" fill="#ff5d73"/>` +
    `<path d="M-4 12q4 14 8 0z" fill="#ffc94d"/></g><circle cx="100" cy="100" r="7" fill="#ff9e5e"/>`,
  // An ancient jungle temple under a blazing sun.
  'evo-templo-solar': (c) =>
    `<g stroke="${c.accent}" stroke-width="4" stroke-linecap="round">${Array.from({ length: 12 }, (_, i) => {
      const a = (i * Math.PI) / 6;
      return `<path d="M${(60 + Math.cos(a) * 24).toFixed(1)} ${(36 + Math.sin(a) * 24).toFixed(1)}L${(60 + Math.cos(a) * 32).toFixed(1)} ${(36 + Math.sin(a) * 32).toFixed(1)}"/>`;
    }).join(
      '',
    )}</g><circle cx="60" cy="36" r="18" fill="${c.accent}"/><circle cx="60" cy="36" r="10" fill="#ffd36b"/>` +
    `<path d="M14 108h92l-8-12H22zM26 96h68l-8-12H34zM38 84h44l-8-12H46z" fill="#b98b4e"/><rect x="54" y="94" width="12" height="14" fill="#2b1d0e"/>` +
    `<path d="M0 120V80q10-14 18 2 4-16 14-4v42zM120 120V76q-10-12-18 4-6-14-14 0v40z" fill="#2f7d3a"/>`,
  // Pirates off the north-east coast: a ship under a black flag.
  'evo-pirata-do-recife': (c) =>
    `<circle cx="94" cy="28" r="12" fill="#ffd9a0"/>` +
    `<path d="M58 14v72" stroke="#5b3a1e" stroke-width="4"/><path d="M58 18h18l-4 6 4 6H58z" fill="#111"/><circle cx="66" cy="24" r="2" fill="#fff"/>` +
    `<path d="M58 30q26 10 0 40zM56 36q-24 10 0 34z" fill="${c.reel}"/>` +
    `<path d="M18 80h84l-12 20H30z" fill="#7a4a22"/><path d="M24 86h72" stroke="#4d2c12" stroke-width="3"/>` +
    `<path d="M0 100q10-6 20 0t20 0 20 0 20 0 20 0 20 0v20H0z" fill="#1677a8"/><path d="M0 108q10-6 20 0t20 0 20 0 20 0 20 0 20 0v12H0z" fill="${c.background}"/>` +
    `<circle cx="14" cy="30" r="3" fill="${c.accent}"/>`,
  // Classic fruits in neon light: cherries and a lemon glowing on the dark.
  'evo-frutas-neon': (c) =>
    `<defs><filter id="glow" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="2.5" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter></defs>` +
    `<g filter="url(#glow)" fill="none" stroke-width="4" stroke-linecap="round">` +
    `<path d="M40 82q6-40 30-52M70 30q2 30 22 50" stroke="#7dff6b"/><circle cx="38" cy="88" r="14" stroke="${c.accent}"/><circle cx="90" cy="86" r="14" stroke="${c.accent}"/>` +
    `<ellipse cx="86" cy="36" rx="16" ry="11" stroke="#fff35c" transform="rotate(-25 86 36)"/>` +
    `<path d="M14 30l4 8 8 1-6 6 2 8-8-4-8 4 2-8-6-6 8-1z" stroke="#4dd8ff" stroke-width="2.5"/></g>`,
  // A cheerful wild west: a grinning cactus under the desert sun.
  'bg-cacto-maluco': (c) =>
    `<circle cx="92" cy="28" r="16" fill="#ffd166"/><path d="M0 100q60-16 120 0v20H0z" fill="#e0a060"/>` +
    `<path d="M50 104V40q0-12 10-12t10 12v64z" fill="${c.accent}"/><path d="M50 74H38q-8 0-8-8V52q0-5 5-5t5 5v12h10zM70 64h10V50q0-5 5-5t5 5v14q0 8-8 8H70z" fill="${c.accent}"/>` +
    `<path d="M56 42v54M64 42v54" stroke="#4fa760" stroke-width="2"/><circle cx="55" cy="52" r="3" fill="#2b1d0e"/><circle cx="66" cy="52" r="3" fill="#2b1d0e"/>` +
    `<path d="M54 60q6 6 12 0" stroke="#2b1d0e" stroke-width="2.5" fill="none" stroke-linecap="round"/>` +
    `<path d="M40 30q20-12 40 0l-6 4H46z" fill="#c8553d"/><path d="M34 33h52" stroke="#c8553d" stroke-width="4" stroke-linecap="round"/>` +
    `<circle cx="60" cy="27" r="2" fill="#ffd166"/>`,
  // A samba school parade: a feathered carnival mask and confetti.
  'bg-carnaval-do-rio': (c) =>
    [
      ['#ff4d6d', -50],
      ['#ffd60a', -25],
      ['#3ae374', 0],
      ['#4dd8ff', 25],
      ['#ff9f1c', 50],
    ]
      .map(
        ([color, angle]) =>
          `<ellipse cx="60" cy="28" rx="8" ry="26" fill="${color}" transform="rotate(${angle} 60 58)"/>`,
      )
      .join('') +
    `<path d="M16 60q22-14 44 0 22-14 44 0-2 26-22 28-14 0-22-12-8 12-22 12-20-2-22-28z" fill="${c.accent}"/>` +
    `<ellipse cx="40" cy="66" rx="9" ry="6" fill="${c.background}"/><ellipse cx="80" cy="66" rx="9" ry="6" fill="${c.background}"/>` +
    `<circle cx="60" cy="56" r="5" fill="#ff4d6d"/>` +
    `<g fill="#fff">${stars(31, 14, '#fff').replace(/<circle cx="(\d+)" cy="(\d+)"/g, (_m, x, y) => `<circle cx="${x}" cy="${Number(y) + 46}"`)}</g>`,
  // A Norse saga on the ice: a horned helmet before a round shield.
  'bg-tesouro-viking': (c) =>
    `<path d="M0 96l20-16 16 10 22-20 24 18 18-12 20 14v30H0z" fill="#dfe9ef" opacity=".5"/>` +
    `<circle cx="60" cy="62" r="40" fill="#8a5a2b"/><circle cx="60" cy="62" r="40" fill="none" stroke="${c.accent}" stroke-width="5"/>` +
    `<path d="M60 22v80M20 62h80" stroke="#6b4320" stroke-width="4"/><circle cx="60" cy="62" r="9" fill="#c9ced6"/>` +
    `<path d="M36 70q0-26 24-26t24 26z" fill="#c9ced6"/><path d="M36 70h48v6H36z" fill="#9aa3ad"/><path d="M58 44h4v32h-4z" fill="#9aa3ad"/>` +
    `<path d="M38 60q-18-6-20-26 10 12 24 14zM82 60q18-6 20-26-10 12-24 14z" fill="#fff8e7"/>`,
  // A coral reef under the sea: an open shell with its pearl.
  'bg-oceano-de-perolas': (c) =>
    `<circle cx="22" cy="24" r="4" fill="none" stroke="#e3f6ff" stroke-width="1.5"/><circle cx="30" cy="40" r="2.5" fill="none" stroke="#e3f6ff" stroke-width="1.5"/><circle cx="98" cy="18" r="3" fill="none" stroke="#e3f6ff" stroke-width="1.5"/>` +
    `<path d="M8 120V92q0-8 6-8t6 8v-8q0-6 5-6t5 6v36zM92 120V86q0-6 6-6t6 6v6q0-6 5-6t5 6v28z" fill="#ff6f91"/>` +
    `<path d="M26 70q34-58 68 0z" fill="${c.accent}"/><path d="M60 24v46M44 30l10 40M76 30l-10 40M32 44l20 26M88 44l-20 26" stroke="#1f9c90" stroke-width="2"/>` +
    `<path d="M24 72h72q-10 26-36 26T24 72z" fill="#21a89a"/><circle cx="60" cy="76" r="10" fill="#fdfdfd"/><circle cx="56" cy="72" r="3" fill="#fff" opacity=".9"/>` +
    `<path d="M0 112q30-8 60 0t60 0v8H0z" fill="#f2d7a1"/>`,
};

/** A reel window with three fruit-machine symbols: the art of a game without its own. */
const defaultMotif = (c: Palette) =>
  `<rect x="14" y="30" width="92" height="60" rx="10" fill="${c.reel}"/>` +
  [32, 60, 88]
    .map(
      (x) =>
        `<rect x="${x - 12}" y="36" width="24" height="48" rx="4" fill="#fff"/>` +
        `<circle cx="${x - 4}" cy="64" r="5" fill="#e23b4a"/><circle cx="${x + 5}" cy="62" r="5" fill="#e23b4a"/>` +
        `<path d="M${x - 4} 59q4-12 10-14M${x + 5} 57q-2-8 1-12" stroke="#2f9e44" stroke-width="2" fill="none"/>`,
    )
    .join('') +
  `<path d="M106 44h6v30" stroke="${c.accent}" stroke-width="4" fill="none"/><circle cx="112" cy="40" r="5" fill="#e23b4a"/>` +
  `<rect x="30" y="96" width="60" height="10" rx="5" fill="${c.accent}"/>`;

function tile(name: string, palette: Palette, motif: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="240" height="240" role="img" aria-label="${name}">` +
    `<defs><radialGradient id="bg" cx=".5" cy=".35" r=".85"><stop offset="0" stop-color="${lighten(palette.background)}"/>` +
    `<stop offset="1" stop-color="${palette.background}"/></radialGradient></defs>` +
    `<rect width="120" height="120" fill="url(#bg)"/>${motif}</svg>\n`
  );
}

/** The background's centre: the same hue, a third of the way to white, so each tile glows in its own colour. */
function lighten(hex: string): string {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `#${channels
    .map((value) =>
      Math.round(value + (255 - value) * 0.3)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

for (const game of SLOT_GAMES) {
  const motif = motifs[game.code];
  if (!motif) throw new Error(`no motif for ${game.code}: add one to scripts/make-slot-art.ts`);
  const svg = tile(game.name, game.colors, motif(game.colors));
  writeFileSync(join(outDir, `${game.code}.svg`), svg);
  console.log('wrote', `${game.code}.svg`, `${svg.length} bytes`);
}
writeFileSync(
  join(outDir, 'slot-default.svg'),
  tile(
    'Slot',
    { background: '#16213e', reel: '#0f3460', accent: '#f5c542', text: '#fff' },
    defaultMotif({ background: '#16213e', reel: '#0f3460', accent: '#f5c542', text: '#fff' }),
  ),
);
console.log('wrote slot-default.svg');
