// Draws the in-house games' tile art (apps/web/public/games/<gameType>.svg, the catalogue's `icon` URLs) for the
// lobby (issue 34, docs/decisions/0060): each game's own scene over a deep gradient with a glow, in the app's
// palette, like the originals tiles of Stake or Blaze. The server inlines them in home's first paint
// (apps/api/src/http/web-static.ts), so each file's gradient ids carry its name (one page holds all of them). Small vector files (about 2 KB, sharp on any screen, kept a
// day by the browser), no network, no stock images, no text (the tile names the game in the player's language).
// Run again after changing the art: `npx node scripts/make-house-art.ts`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const outDir = join(import.meta.dirname, '..', 'apps', 'web', 'public', 'games');

interface Scene {
  name: string;
  /** The background's two gradient stops and the glow's colour. */
  from: string;
  to: string;
  glow: string;
  draw: string;
}

/** Sparks scattered from a seed, so each scene differs and the file is the same on every run. */
function sparks(seed: number, count: number, color: string): string {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return Array.from({ length: count }, () => {
    const x = Math.round(next() * 112 + 4);
    const y = Math.round(next() * 112 + 4);
    const r = (next() * 1.1 + 0.4).toFixed(1);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}" opacity="${(next() * 0.5 + 0.3).toFixed(2)}"/>`;
  }).join('');
}

const die = (
  x: number,
  y: number,
  size: number,
  angle: number,
  face: string,
  pip: string,
  pips: number[][],
) =>
  `<g transform="rotate(${angle} ${x + size / 2} ${y + size / 2})">` +
  `<rect x="${x + 3}" y="${y + 5}" width="${size}" height="${size}" rx="${size / 5}" fill="#000" opacity=".3"/>` +
  `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size / 5}" fill="${face}"/>` +
  `<rect x="${x + 3}" y="${y + 3}" width="${size - 6}" height="${size / 2.6}" rx="${size / 7}" fill="#fff" opacity=".22"/>` +
  pips
    .map(
      ([px, py]) => `<circle cx="${x + px! * size}" cy="${y + py! * size}" r="${size / 11}" fill="${pip}"/>`,
    )
    .join('') +
  '</g>';

const scenes: Scene[] = [
  {
    name: 'dice',
    from: '#3a0f2e',
    to: '#12081f',
    glow: '#ff4f7b',
    draw:
      die(22, 40, 46, -14, '#ff4f7b', '#fff', [
        [0.25, 0.25],
        [0.5, 0.5],
        [0.75, 0.75],
      ]) +
      die(62, 52, 38, 12, '#fff3f6', '#d62a57', [
        [0.27, 0.27],
        [0.73, 0.27],
        [0.27, 0.73],
        [0.73, 0.73],
        [0.5, 0.5],
      ]),
  },
  {
    name: 'mines',
    from: '#062c3a',
    to: '#071421',
    glow: '#20d3ee',
    draw:
      // A gem above a grid of tiles, one tile showing a mine.
      [0, 1, 2, 3]
        .flatMap((col) =>
          [0, 1].map(
            (row) =>
              `<rect x="${14 + col * 24}" y="${74 + row * 22}" width="20" height="18" rx="4" fill="${col === 2 && row === 1 ? '#0b2230' : '#17465a'}"/>`,
          ),
        )
        .join('') +
      '<circle cx="72" cy="105" r="6" fill="#ff5d5d"/><path d="M72 96v4M72 110v4M63 105h4M77 105h4" stroke="#ff5d5d" stroke-width="2"/>' +
      '<polygon points="60,14 86,34 60,70 34,34" fill="#20d3ee"/><polygon points="60,14 70,34 60,70 50,34" fill="#8ff1ff"/>' +
      '<polygon points="34,34 86,34 60,14" fill="#c9fbff" opacity=".7"/><path d="M34 34h52" stroke="#0a5566" stroke-width="1.5"/>',
  },
  {
    name: 'limbo',
    from: '#0b2d24',
    to: '#06140f',
    glow: '#2ee59d',
    draw:
      // A rocket climbing a rising curve.
      '<path d="M10 108C44 104 74 84 98 34" stroke="#2ee59d" stroke-width="5" fill="none" stroke-linecap="round"/>' +
      '<path d="M10 108C44 104 74 84 98 34L98 112H10z" fill="#2ee59d" opacity=".14"/>' +
      '<g transform="translate(96 30) rotate(35)"><path d="M0-20c8 6 10 18 6 30H-6c-4-12-2-24 6-30z" fill="#f3f7ff"/>' +
      '<circle r="4" cy="-6" fill="#2b6cff"/><path d="M-6 10l-6 8h8zM6 10l6 8h-8z" fill="#ff6b7a"/>' +
      '<path d="M-4 12h8l-4 12z" fill="#ffd23f"/></g>',
  },
  {
    name: 'luckyColor',
    from: '#2a1248',
    to: '#0f0820',
    glow: '#b06cff',
    draw:
      // A three-colour wheel with its pointer.
      '<circle cx="60" cy="64" r="42" fill="#1a0f33" stroke="#ffd23f" stroke-width="4"/>' +
      '<path d="M60 64V26A38 38 0 0 1 93 83z" fill="#2ee59d"/><path d="M60 64 93 83A38 38 0 0 1 27 83z" fill="#ff4f7b"/>' +
      '<path d="M60 64 27 83A38 38 0 0 1 60 26z" fill="#b06cff"/><circle cx="60" cy="64" r="9" fill="#ffd23f"/>' +
      '<path d="M60 12l8 14H52z" fill="#fff"/>',
  },
  {
    name: 'rowDouble',
    from: '#3a1010',
    to: '#120707',
    glow: '#ff6b5e',
    draw:
      // A strip of red, white and black tiles under a marker.
      [
        ['#e8374f', 0],
        ['#1b1b25', 1],
        ['#f6f6f9', 2],
        ['#e8374f', 3],
      ]
        .map(
          ([color, index]) =>
            `<rect x="${6 + Number(index) * 28}" y="44" width="24" height="36" rx="5" fill="${color}" stroke="#ffffff33"/>`,
        )
        .join('') +
      '<text x="74" y="69" font-family="Arial, sans-serif" font-size="14" font-weight="700" fill="#e8374f" text-anchor="middle">14</text>' +
      '<path d="M60 30l7 10H53zM60 94l7-10H53z" fill="#ffd23f"/><rect x="48" y="40" width="24" height="44" rx="6" fill="none" stroke="#ffd23f" stroke-width="3"/>',
  },
  {
    name: 'double',
    from: '#341016',
    to: '#0e0609',
    glow: '#ff4f5e',
    draw:
      // A roulette of red and black with the white slot.
      '<circle cx="60" cy="62" r="44" fill="#26121a" stroke="#ffd23f" stroke-width="3"/>' +
      Array.from({ length: 12 }, (_, index) => {
        const a1 = (index * 30 * Math.PI) / 180;
        const a2 = ((index + 1) * 30 * Math.PI) / 180;
        const point = (a: number) =>
          `${(60 + 40 * Math.sin(a)).toFixed(1)} ${(62 - 40 * Math.cos(a)).toFixed(1)}`;
        const color = index === 0 ? '#f6f6f9' : index % 2 === 1 ? '#e8374f' : '#1b1b25';
        return `<path d="M60 62L${point(a1)}A40 40 0 0 1 ${point(a2)}z" fill="${color}"/>`;
      }).join('') +
      '<circle cx="60" cy="62" r="16" fill="#26121a" stroke="#ffd23f" stroke-width="2"/><circle cx="60" cy="62" r="5" fill="#ffd23f"/>',
  },
  {
    name: 'crash',
    from: '#2b1a05',
    to: '#0d0904',
    glow: '#ffb020',
    draw:
      // A plane flying up an exponential curve that breaks off.
      '<path d="M8 110C50 108 78 92 100 40" stroke="#ffb020" stroke-width="5" fill="none" stroke-linecap="round"/>' +
      '<path d="M8 110C50 108 78 92 100 40L100 114H8z" fill="#ffb020" opacity=".16"/>' +
      '<g transform="translate(98 36) rotate(-30)"><path d="M-16 0h26l8-4-8-4h-26z" fill="#ff4f5e"/>' +
      '<path d="M-4-4l-8-12h6l10 12zM-4 0l-8 12h6l10-12z" fill="#ff4f5e"/><path d="M-16-8l-4-6h4l4 6z" fill="#c9364a"/>' +
      '<circle cx="8" cy="-4" r="2" fill="#cdeaff"/></g>' +
      '<path d="M14 24h6M17 21v6M98 96h5M100.5 93.5v5" stroke="#fff" stroke-width="1.5" opacity=".7"/>',
  },
];

function svg(scene: Scene, seed: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="240" height="240" role="img" aria-label="${scene.name}">` +
    `<defs><linearGradient id="${scene.name}-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${scene.from}"/><stop offset="1" stop-color="${scene.to}"/></linearGradient>` +
    `<radialGradient id="${scene.name}-glow" cx=".5" cy=".45" r=".55"><stop offset="0" stop-color="${scene.glow}" stop-opacity=".45"/><stop offset="1" stop-color="${scene.glow}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="120" height="120" rx="16" fill="url(#${scene.name}-bg)"/><rect width="120" height="120" rx="16" fill="url(#${scene.name}-glow)"/>` +
    sparks(seed, 6, '#ffffff') +
    scene.draw +
    `<rect x=".75" y=".75" width="118.5" height="118.5" rx="15.5" fill="none" stroke="${scene.glow}" stroke-opacity=".35" stroke-width="1.5"/>` +
    '</svg>\n'
  );
}

scenes.forEach((scene, index) => {
  const file = join(outDir, `${scene.name}.svg`);
  writeFileSync(file, svg(scene, 7 + index * 31));
  console.log('wrote', file);
});
