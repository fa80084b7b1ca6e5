// The symbols, drawn for this studio: each an SVG in a 100×100 box. Card ranks take the game's accent colour,
// so the same rank looks different from game to game; the themed symbols carry their own colours.
import type { SlotColors } from '@aposta/slots';

type Draw = (colors: SlotColors) => string;

const OUTLINE = 'stroke="#00000066" stroke-width="3" stroke-linejoin="round"';

function rank(letter: string, size = 70): Draw {
  return (colors) =>
    `<text x="50" y="${50 + size * 0.35}" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-weight="900" font-size="${size}" fill="${colors.accent}" stroke="#00000080" stroke-width="3" paint-order="stroke">${letter}</text>`;
}

const ART: Record<string, Draw> = {
  A: rank('A'),
  K: rank('K'),
  Q: rank('Q'),
  J: rank('J'),
  '10': rank('10', 56),

  // Boi Dourado
  ox: () =>
    `<path d="M14 30 Q10 12 28 16 L34 30 Z M86 30 Q90 12 72 16 L66 30 Z" fill="#f3e2b3" ${OUTLINE}/>
     <ellipse cx="50" cy="52" rx="30" ry="28" fill="#e0a526" ${OUTLINE}/>
     <ellipse cx="50" cy="68" rx="17" ry="12" fill="#f5c97a" ${OUTLINE}/>
     <circle cx="43" cy="68" r="3" fill="#5a3208"/><circle cx="57" cy="68" r="3" fill="#5a3208"/>
     <circle cx="38" cy="46" r="5" fill="#2b1600"/><circle cx="62" cy="46" r="5" fill="#2b1600"/>
     <circle cx="50" cy="80" r="6" fill="none" stroke="#c81d25" stroke-width="3"/>`,
  gong: () =>
    `<rect x="14" y="10" width="72" height="8" rx="3" fill="#8b2e16" ${OUTLINE}/>
     <line x1="36" y1="18" x2="40" y2="28" stroke="#5a1d0e" stroke-width="3"/><line x1="64" y1="18" x2="60" y2="28" stroke="#5a1d0e" stroke-width="3"/>
     <circle cx="50" cy="58" r="32" fill="#f2b632" ${OUTLINE}/><circle cx="50" cy="58" r="20" fill="none" stroke="#b07a12" stroke-width="4"/>
     <circle cx="50" cy="58" r="8" fill="#b07a12"/>`,
  ingot: () =>
    `<path d="M10 58 Q50 76 90 58 L80 80 Q50 92 20 80 Z" fill="#d99a1e" ${OUTLINE}/>
     <ellipse cx="50" cy="52" rx="26" ry="16" fill="#f7cf4a" ${OUTLINE}/>
     <path d="M10 58 Q20 40 34 48 M90 58 Q80 40 66 48" fill="none" stroke="#f7cf4a" stroke-width="6"/>
     <ellipse cx="44" cy="47" rx="8" ry="3" fill="#fff3b0"/>`,
  envelope: () =>
    `<rect x="22" y="10" width="56" height="80" rx="6" fill="#d7262e" ${OUTLINE}/>
     <path d="M22 16 L50 42 L78 16" fill="#b51d24" stroke="#00000044" stroke-width="2"/>
     <circle cx="50" cy="44" r="10" fill="#f5c542" ${OUTLINE}/>
     <rect x="34" y="62" width="32" height="4" rx="2" fill="#f5c542"/><rect x="38" y="72" width="24" height="4" rx="2" fill="#f5c542"/>`,
  coin: () =>
    `<circle cx="50" cy="50" r="38" fill="#f2c230" ${OUTLINE}/><circle cx="50" cy="50" r="30" fill="#e0a91c"/>
     <rect x="40" y="40" width="20" height="20" fill="#7a4b00" rx="2"/><circle cx="40" cy="34" r="4" fill="#fff3b0"/>`,
  orange: () =>
    `<circle cx="50" cy="56" r="32" fill="#f7891f" ${OUTLINE}/><circle cx="40" cy="46" r="7" fill="#ffc27a"/>
     <path d="M50 24 Q58 10 74 14 Q64 28 50 26 Z" fill="#3a9a3f" ${OUTLINE}/>`,
  bamboo: () =>
    `<rect x="26" y="8" width="16" height="84" rx="6" fill="#6fbf4a" ${OUTLINE}/><rect x="56" y="14" width="16" height="78" rx="6" fill="#58a83a" ${OUTLINE}/>
     <line x1="26" y1="38" x2="42" y2="38" stroke="#2e6b1c" stroke-width="3"/><line x1="26" y1="66" x2="42" y2="66" stroke="#2e6b1c" stroke-width="3"/>
     <line x1="56" y1="46" x2="72" y2="46" stroke="#2e6b1c" stroke-width="3"/><path d="M72 30 Q88 22 92 30 Q82 36 72 34Z" fill="#8fd46a"/>`,

  // Lanternas da Fortuna
  lantern: () =>
    `<line x1="50" y1="4" x2="50" y2="14" stroke="#f5c542" stroke-width="3"/>
     <rect x="36" y="12" width="28" height="8" rx="2" fill="#f5c542" ${OUTLINE}/>
     <ellipse cx="50" cy="50" rx="32" ry="30" fill="#e23b2e" ${OUTLINE}/>
     <path d="M50 20 Q30 50 50 80 M50 20 Q70 50 50 80" fill="none" stroke="#a3201a" stroke-width="3"/>
     <rect x="36" y="78" width="28" height="8" rx="2" fill="#f5c542" ${OUTLINE}/>
     <path d="M44 86 L42 98 M50 86 L50 98 M56 86 L58 98" stroke="#f5c542" stroke-width="3"/>`,
  firework: () =>
    `<g stroke-width="5" stroke-linecap="round">
       <path d="M50 50 L50 10 M50 50 L50 90 M50 50 L10 50 M50 50 L90 50" stroke="#ffd166"/>
       <path d="M50 50 L22 22 M50 50 L78 78 M50 50 L78 22 M50 50 L22 78" stroke="#ff7a45"/>
     </g><circle cx="50" cy="50" r="10" fill="#fff1c1"/>
     <circle cx="50" cy="10" r="4" fill="#fff"/><circle cx="90" cy="50" r="4" fill="#fff"/><circle cx="22" cy="78" r="4" fill="#fff"/>`,
  koi: () =>
    `<path d="M14 52 Q40 20 76 46 L92 32 L88 54 L92 74 L76 60 Q40 86 14 52 Z" fill="#fbfaf5" ${OUTLINE}/>
     <path d="M30 40 Q42 34 50 44 Q40 50 30 40Z M50 60 Q60 54 68 60 Q58 68 50 60Z" fill="#ef5b25"/>
     <circle cx="24" cy="50" r="3.5" fill="#222"/>`,
  fan: () =>
    `<path d="M50 86 L10 40 A52 52 0 0 1 90 40 Z" fill="#f06292" ${OUTLINE}/>
     <path d="M50 86 L24 28 M50 86 L40 22 M50 86 L60 22 M50 86 L76 28" stroke="#ad1457" stroke-width="2.5"/>
     <path d="M18 44 A44 44 0 0 1 82 44" fill="none" stroke="#ffd54f" stroke-width="4"/><circle cx="50" cy="84" r="5" fill="#ffd54f" ${OUTLINE}/>`,
  teapot: () =>
    `<path d="M22 46 Q22 84 50 84 Q78 84 78 46 Z" fill="#4fb3a9" ${OUTLINE}/>
     <path d="M78 52 Q92 44 92 30" fill="none" stroke="#2e7f77" stroke-width="7" stroke-linecap="round"/>
     <path d="M22 52 Q8 56 14 70 Q18 76 26 72" fill="none" stroke="#2e7f77" stroke-width="6"/>
     <rect x="30" y="38" width="40" height="10" rx="4" fill="#2e7f77" ${OUTLINE}/><circle cx="50" cy="32" r="6" fill="#f5c542" ${OUTLINE}/>`,

  // Dragão de Jade
  dragon: () =>
    `<path d="M20 70 Q10 40 36 28 Q30 14 46 12 Q50 24 58 22 Q84 24 84 52 Q84 78 56 84 Q30 86 20 70 Z" fill="#2fa36b" ${OUTLINE}/>
     <path d="M36 28 L28 10 M58 22 L66 6" stroke="#f5c542" stroke-width="5" stroke-linecap="round"/>
     <circle cx="44" cy="44" r="7" fill="#fff"/><circle cx="46" cy="44" r="3.5" fill="#b3001b"/>
     <path d="M30 66 Q52 76 74 60" fill="none" stroke="#0d3b26" stroke-width="4"/>
     <path d="M62 40 Q72 36 76 46" fill="none" stroke="#0d3b26" stroke-width="3"/>`,
  pearl: () =>
    `<circle cx="50" cy="50" r="34" fill="#f4f0ff" ${OUTLINE}/><circle cx="50" cy="50" r="34" fill="url(#pearlShade)"/>
     <defs><radialGradient id="pearlShade" cx="0.35" cy="0.3"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#b9a7e6"/></radialGradient></defs>
     <ellipse cx="38" cy="36" rx="9" ry="6" fill="#fff"/>`,
  jade: () =>
    `<circle cx="50" cy="50" r="36" fill="#3ecf8e" ${OUTLINE}/><circle cx="50" cy="50" r="12" fill="#0c3b2e" ${OUTLINE}/>
     <circle cx="50" cy="50" r="26" fill="none" stroke="#1f8a5b" stroke-width="3" stroke-dasharray="6 5"/>`,
  pagoda: () =>
    `<path d="M50 6 L50 16" stroke="#f5c542" stroke-width="4"/>
     <path d="M24 30 Q50 12 76 30 Z M18 54 Q50 34 82 54 Z M12 80 Q50 58 88 80 Z" fill="#c0392b" ${OUTLINE}/>
     <rect x="36" y="30" width="28" height="14" fill="#f3d9a4" ${OUTLINE}/><rect x="32" y="54" width="36" height="16" fill="#f3d9a4" ${OUTLINE}/>
     <rect x="28" y="80" width="44" height="14" fill="#f3d9a4" ${OUTLINE}/>`,
  bonsai: () =>
    `<path d="M28 82 L72 82 L66 94 L34 94 Z" fill="#8d5524" ${OUTLINE}/>
     <path d="M50 82 Q44 64 56 54 Q64 46 58 36" fill="none" stroke="#6b3e1f" stroke-width="7" stroke-linecap="round"/>
     <ellipse cx="36" cy="42" rx="20" ry="12" fill="#2e8b57" ${OUTLINE}/><ellipse cx="66" cy="30" rx="22" ry="13" fill="#3aa36a" ${OUTLINE}/>
     <ellipse cx="62" cy="56" rx="16" ry="9" fill="#2e8b57" ${OUTLINE}/>`,

  // Coelho da Lua
  rabbit: () =>
    `<ellipse cx="38" cy="26" rx="8" ry="22" fill="#fff" ${OUTLINE}/><ellipse cx="62" cy="26" rx="8" ry="22" fill="#fff" ${OUTLINE}/>
     <ellipse cx="38" cy="28" rx="3.5" ry="14" fill="#f7a8c4"/><ellipse cx="62" cy="28" rx="3.5" ry="14" fill="#f7a8c4"/>
     <circle cx="50" cy="62" r="28" fill="#fff" ${OUTLINE}/>
     <circle cx="40" cy="58" r="4" fill="#3b2a6b"/><circle cx="60" cy="58" r="4" fill="#3b2a6b"/>
     <ellipse cx="50" cy="68" rx="4" ry="3" fill="#f06292"/><circle cx="32" cy="70" r="5" fill="#ffc1d9"/><circle cx="68" cy="70" r="5" fill="#ffc1d9"/>`,
  moon: () =>
    `<circle cx="50" cy="50" r="38" fill="#fff3c4" ${OUTLINE}/>
     <circle cx="36" cy="40" r="7" fill="#f1dc8f"/><circle cx="62" cy="62" r="10" fill="#f1dc8f"/><circle cx="64" cy="32" r="5" fill="#f1dc8f"/>`,
  peach: () =>
    `<path d="M50 88 Q14 82 18 52 Q22 26 50 30 Q78 26 82 52 Q86 82 50 88 Z" fill="#ffab91" ${OUTLINE}/>
     <path d="M50 32 Q44 60 50 86" fill="none" stroke="#e57373" stroke-width="3"/>
     <path d="M50 30 Q36 10 20 18 Q32 32 50 30 Z M50 30 Q64 10 80 18 Q68 32 50 30Z" fill="#66bb6a" ${OUTLINE}/>`,
  mooncake: () =>
    `<circle cx="50" cy="50" r="36" fill="#d9953b" ${OUTLINE}/><circle cx="50" cy="50" r="26" fill="#e8ad55" stroke="#b97626" stroke-width="3"/>
     <path d="M50 30 L50 70 M30 50 L70 50 M36 36 L64 64 M64 36 L36 64" stroke="#b97626" stroke-width="3"/>`,
  lotus: () =>
    `<path d="M50 82 Q30 60 50 20 Q70 60 50 82 Z" fill="#f48fb1" ${OUTLINE}/>
     <path d="M50 82 Q16 72 14 40 Q40 48 50 82 Z M50 82 Q84 72 86 40 Q60 48 50 82 Z" fill="#f06292" ${OUTLINE}/>
     <ellipse cx="50" cy="86" rx="30" ry="6" fill="#4caf50" ${OUTLINE}/>`,

  // Rota Espacial
  rocket: () =>
    `<path d="M50 6 Q74 26 70 66 L30 66 Q26 26 50 6 Z" fill="#eceff1" ${OUTLINE}/>
     <circle cx="50" cy="36" r="10" fill="#4dd8ff" ${OUTLINE}/>
     <path d="M30 50 L16 72 L30 70 Z M70 50 L84 72 L70 70 Z" fill="#e53935" ${OUTLINE}/>
     <path d="M38 66 Q50 100 62 66 Z" fill="#ffb300"/><path d="M44 66 Q50 86 56 66 Z" fill="#fff59d"/>`,
  planet: () =>
    `<circle cx="50" cy="50" r="26" fill="#ff8a65" ${OUTLINE}/>
     <path d="M28 42 Q50 36 72 44 M26 54 Q50 50 74 58" stroke="#d84315" stroke-width="3" fill="none"/>
     <ellipse cx="50" cy="52" rx="46" ry="12" fill="none" stroke="#ffe082" stroke-width="5" transform="rotate(-14 50 52)"/>`,
  alien: () =>
    `<path d="M50 12 Q84 12 82 46 Q78 80 50 90 Q22 80 18 46 Q16 12 50 12 Z" fill="#76ff03" ${OUTLINE}/>
     <ellipse cx="36" cy="50" rx="11" ry="15" fill="#111" transform="rotate(25 36 50)"/><ellipse cx="64" cy="50" rx="11" ry="15" fill="#111" transform="rotate(-25 64 50)"/>
     <path d="M42 76 Q50 80 58 76" stroke="#1b5e20" stroke-width="3" fill="none"/>`,
  ufo: () =>
    `<ellipse cx="50" cy="44" rx="20" ry="18" fill="#80deea" ${OUTLINE}/>
     <ellipse cx="50" cy="58" rx="44" ry="14" fill="#b0bec5" ${OUTLINE}/>
     <circle cx="26" cy="58" r="4" fill="#ffeb3b"/><circle cx="50" cy="62" r="4" fill="#ffeb3b"/><circle cx="74" cy="58" r="4" fill="#ffeb3b"/>
     <path d="M36 72 L26 94 L74 94 L64 72 Z" fill="#fff59d" opacity="0.45"/>`,
  comet: () =>
    `<path d="M86 14 L30 58 L42 70 Z" fill="#4dd8ff" opacity="0.6"/><path d="M80 8 L26 50 L50 74 Z" fill="#b3e5fc" opacity="0.5"/>
     <circle cx="32" cy="66" r="20" fill="#fff59d" ${OUTLINE}/><circle cx="26" cy="60" r="6" fill="#fff"/>`,

  // Templo Solar
  sun: () =>
    `<g fill="#ffb300" ${OUTLINE}>${Array.from({ length: 12 }, (_, i) => `<path d="M50 4 L56 20 L44 20 Z" transform="rotate(${i * 30} 50 50)"/>`).join('')}</g>
     <circle cx="50" cy="50" r="28" fill="#ffd54f" ${OUTLINE}/>
     <circle cx="40" cy="46" r="4" fill="#6d4c00"/><circle cx="60" cy="46" r="4" fill="#6d4c00"/><path d="M38 60 Q50 70 62 60" stroke="#6d4c00" stroke-width="4" fill="none"/>`,
  pyramid: () =>
    `<path d="M50 10 L92 86 L8 86 Z" fill="#e0a526" ${OUTLINE}/><path d="M50 10 L92 86 L56 86 Z" fill="#b8811a"/>
     <path d="M22 62 L78 62 M32 44 L68 44 M14 76 L86 76" stroke="#7a5310" stroke-width="3"/>
     <circle cx="50" cy="30" r="6" fill="#4dd8ff" ${OUTLINE}/>`,
  mask: () =>
    `<path d="M16 20 L84 20 L80 60 Q50 96 20 60 Z" fill="#f2c230" ${OUTLINE}/>
     <path d="M28 40 L44 40 L40 48 L30 48 Z M56 40 L72 40 L70 48 L60 48 Z" fill="#3b2a00"/>
     <path d="M48 50 L52 50 L54 66 L46 66 Z" fill="#c99400"/><path d="M38 74 L62 74" stroke="#3b2a00" stroke-width="4"/>
     <path d="M16 20 L10 12 M84 20 L90 12 M50 20 L50 8" stroke="#2e7d32" stroke-width="5"/>`,
  idol: () =>
    `<rect x="26" y="14" width="48" height="72" rx="8" fill="#8d6e63" ${OUTLINE}/>
     <rect x="34" y="30" width="12" height="8" fill="#3e2723"/><rect x="54" y="30" width="12" height="8" fill="#3e2723"/>
     <rect x="46" y="42" width="8" height="14" fill="#6d4c41"/><rect x="36" y="62" width="28" height="6" fill="#3e2723"/>
     <rect x="20" y="8" width="60" height="10" rx="3" fill="#4caf50" ${OUTLINE}/>`,
  feather: () =>
    `<path d="M30 90 Q36 40 76 10 Q80 52 34 86 Z" fill="#26a69a" ${OUTLINE}/>
     <path d="M30 90 Q50 50 74 14" stroke="#004d40" stroke-width="3" fill="none"/>
     <path d="M56 42 L68 40 M48 56 L62 56 M42 68 L54 70" stroke="#80cbc4" stroke-width="3"/>`,

  // Pirata do Recife
  skull: () =>
    `<path d="M50 10 Q84 10 84 44 Q84 62 72 68 L72 82 L28 82 L28 68 Q16 62 16 44 Q16 10 50 10 Z" fill="#f5f5f0" ${OUTLINE}/>
     <circle cx="36" cy="46" r="10" fill="#222"/><circle cx="64" cy="46" r="10" fill="#222"/>
     <path d="M50 56 L44 66 L56 66 Z" fill="#222"/><path d="M38 74 L38 82 M50 74 L50 82 M62 74 L62 82" stroke="#222" stroke-width="3"/>
     <path d="M12 20 Q50 -4 88 20 L84 28 Q50 10 16 28 Z" fill="#c62828" ${OUTLINE}/>`,
  map: () =>
    `<path d="M10 24 L34 14 L66 24 L90 14 L90 78 L66 88 L34 78 L10 88 Z" fill="#f3e0b5" ${OUTLINE}/>
     <path d="M34 14 L34 78 M66 24 L66 88" stroke="#c9a66b" stroke-width="2"/>
     <path d="M22 70 Q36 56 48 60 Q60 64 66 44" stroke="#8d6e63" stroke-width="3" stroke-dasharray="5 4" fill="none"/>
     <path d="M66 34 L78 46 M78 34 L66 46" stroke="#e94f37" stroke-width="5" stroke-linecap="round"/>`,
  chest: () =>
    `<path d="M14 44 Q14 16 50 16 Q86 16 86 44 Z" fill="#8d5524" ${OUTLINE}/>
     <rect x="14" y="44" width="72" height="40" fill="#a0632c" ${OUTLINE}/>
     <path d="M14 44 L86 44" stroke="#f5c542" stroke-width="5"/><rect x="42" y="38" width="16" height="20" rx="3" fill="#f5c542" ${OUTLINE}/>
     <circle cx="50" cy="48" r="3" fill="#3b2a00"/><circle cx="30" cy="30" r="4" fill="#fff59d"/><circle cx="70" cy="26" r="3" fill="#fff59d"/>`,
  anchor: () =>
    `<circle cx="50" cy="18" r="9" fill="none" stroke="#455a64" stroke-width="6"/>
     <path d="M50 27 L50 86" stroke="#455a64" stroke-width="8"/><path d="M32 38 L68 38" stroke="#455a64" stroke-width="7" stroke-linecap="round"/>
     <path d="M16 58 Q20 88 50 88 Q80 88 84 58" fill="none" stroke="#455a64" stroke-width="8" stroke-linecap="round"/>
     <path d="M10 62 L16 50 L24 62 Z M76 62 L84 50 L90 62 Z" fill="#455a64"/>`,
  compass: () =>
    `<circle cx="50" cy="50" r="38" fill="#f5c542" ${OUTLINE}/><circle cx="50" cy="50" r="30" fill="#fdf6e3"/>
     <path d="M50 22 L58 50 L50 78 L42 50 Z" fill="#e94f37"/><path d="M50 50 L58 50 L50 78 L42 50Z" fill="#455a64"/>
     <circle cx="50" cy="50" r="4" fill="#222"/>`,

  // Frutas Neon
  star: () =>
    `<path d="M50 6 L62 38 L96 38 L68 58 L78 92 L50 72 L22 92 L32 58 L4 38 L38 38 Z" fill="#ff2bd6" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>
     <path d="M50 24 L56 42 L74 42 L60 52 L66 70 L50 60 L34 70 L40 52 L26 42 L44 42 Z" fill="#ffd6f6"/>`,
  bell: () =>
    `<path d="M50 12 Q74 14 76 50 L84 72 L16 72 L24 50 Q26 14 50 12 Z" fill="#ffd60a" ${OUTLINE}/>
     <circle cx="50" cy="80" r="8" fill="#ffb703" ${OUTLINE}/><path d="M34 40 Q36 26 46 22" stroke="#fff7c2" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  seven: () =>
    `<text x="50" y="84" text-anchor="middle" font-family="Impact, 'Arial Black', sans-serif" font-weight="900" font-size="92" fill="#ff1744" stroke="#ffe0e6" stroke-width="4" paint-order="stroke">7</text>`,
  grape: () =>
    `${[
      [40, 36],
      [60, 36],
      [30, 54],
      [50, 54],
      [70, 54],
      [40, 72],
      [60, 72],
      [50, 88],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="11" fill="#8e24aa" ${OUTLINE}/>`)
      .join('')}<path d="M50 26 Q54 10 66 8" stroke="#5d4037" stroke-width="4" fill="none"/>`,
  melon: () =>
    `<path d="M8 40 A42 42 0 0 0 92 40 Z" fill="#43a047" ${OUTLINE}/><path d="M14 40 A36 36 0 0 0 86 40 Z" fill="#ff5252"/>
     <circle cx="34" cy="52" r="3" fill="#222"/><circle cx="50" cy="60" r="3" fill="#222"/><circle cx="66" cy="52" r="3" fill="#222"/><circle cx="50" cy="46" r="3" fill="#222"/>`,
  lemon: () =>
    `<ellipse cx="50" cy="52" rx="38" ry="28" fill="#ffee58" ${OUTLINE}/><ellipse cx="38" cy="42" rx="10" ry="5" fill="#fffde7"/>
     <path d="M86 52 L96 48 M14 52 L4 56" stroke="#f9a825" stroke-width="5" stroke-linecap="round"/>`,
  cherry: () =>
    `<path d="M34 62 Q40 30 66 12 M66 62 Q64 36 66 12" stroke="#558b2f" stroke-width="4" fill="none"/>
     <circle cx="32" cy="68" r="18" fill="#e53935" ${OUTLINE}/><circle cx="68" cy="68" r="18" fill="#c62828" ${OUTLINE}/>
     <circle cx="26" cy="62" r="5" fill="#ffcdd2"/><circle cx="62" cy="62" r="5" fill="#ffcdd2"/>`,

  // Cacto Maluco
  cactus: () =>
    `<rect x="38" y="12" width="24" height="76" rx="12" fill="#2f8f4e" ${OUTLINE}/>
     <path d="M38 52 L22 52 Q14 52 14 42 L14 30" fill="none" stroke="#2f8f4e" stroke-width="12" stroke-linecap="round"/>
     <path d="M62 44 L78 44 Q86 44 86 34 L86 24" fill="none" stroke="#2f8f4e" stroke-width="12" stroke-linecap="round"/>
     <circle cx="45" cy="36" r="4" fill="#111"/><circle cx="56" cy="36" r="4" fill="#111"/><path d="M44 48 Q50 56 58 48" stroke="#111" stroke-width="3" fill="none"/>
     <path d="M34 8 Q50 -2 66 8 L62 14 L38 14 Z" fill="#e94f37" ${OUTLINE}/>`,
  badge: () =>
    `<path d="M50 6 L61 34 L92 36 L68 56 L76 88 L50 70 L24 88 L32 56 L8 36 L39 34 Z" fill="#cfd8dc" ${OUTLINE}/>
     <circle cx="50" cy="50" r="14" fill="#ffd54f" ${OUTLINE}/>
     ${[0, 72, 144, 216, 288].map((a) => `<circle cx="50" cy="10" r="5" fill="#cfd8dc" ${OUTLINE} transform="rotate(${a} 50 50)"/>`).join('')}`,
  boot: () =>
    `<path d="M30 8 L60 8 L62 58 L86 66 Q92 72 88 86 L26 86 Z" fill="#8d5524" ${OUTLINE}/>
     <path d="M30 26 L60 26" stroke="#f5c542" stroke-width="4"/><path d="M40 40 Q46 34 52 40 Q46 46 40 40Z" fill="#f5c542"/>
     <rect x="20" y="84" width="72" height="8" rx="3" fill="#4e2c0e"/><circle cx="22" cy="86" r="6" fill="#cfd8dc" ${OUTLINE}/>`,
  horseshoe: () =>
    `<path d="M22 84 L22 50 A28 30 0 0 1 78 50 L78 84 L62 84 L62 50 A12 14 0 0 0 38 50 L38 84 Z" fill="#b0bec5" ${OUTLINE}/>
     ${[
       [28, 76],
       [28, 56],
       [72, 76],
       [72, 56],
       [40, 28],
       [60, 28],
     ]
       .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3" fill="#455a64"/>`)
       .join('')}`,
  pepper: () =>
    `<path d="M30 26 Q16 60 44 86 Q60 96 66 84 Q48 66 52 30 Q42 20 30 26 Z" fill="#e53935" ${OUTLINE}/>
     <path d="M34 30 Q28 50 38 66" stroke="#ffcdd2" stroke-width="4" fill="none" stroke-linecap="round"/>
     <path d="M40 24 Q44 10 58 10 Q54 18 52 28 Z" fill="#43a047" ${OUTLINE}/>`,

  // Carnaval do Rio
  carnivalmask: () =>
    `<path d="M8 40 Q50 24 92 40 Q90 70 66 70 Q56 70 50 60 Q44 70 34 70 Q10 70 8 40 Z" fill="#ffd60a" ${OUTLINE}/>
     <ellipse cx="32" cy="48" rx="11" ry="7" fill="#5b0f8a"/><ellipse cx="68" cy="48" rx="11" ry="7" fill="#5b0f8a"/>
     <path d="M20 34 Q10 6 30 10 Q30 22 26 34 M50 30 Q50 4 62 8 Q58 20 54 30 M78 34 Q88 8 94 18 Q88 26 80 36" fill="#ff2d95" ${OUTLINE}/>
     <circle cx="50" cy="40" r="4" fill="#ff2d95"/>`,
  drum: () =>
    `<ellipse cx="50" cy="34" rx="38" ry="14" fill="#fff8fe" ${OUTLINE}/>
     <path d="M12 34 L12 66 Q50 90 88 66 L88 34 Q50 58 12 34 Z" fill="#e63946" ${OUTLINE}/>
     <path d="M12 40 L30 72 L50 44 L70 72 L88 40" stroke="#ffd60a" stroke-width="3" fill="none"/>
     <path d="M64 6 L50 30 M82 10 L62 32" stroke="#8d5524" stroke-width="4" stroke-linecap="round"/>`,
  plume: () =>
    `${['#ff2d95', '#ffd60a', '#00c2ff', '#7cfc00', '#ff8c00']
      .map(
        (color, i) =>
          `<path d="M50 90 Q${20 + i * 15} 50 ${14 + i * 18} ${12 + Math.abs(2 - i) * 8} Q${40 + i * 5} 40 50 90 Z" fill="${color}" ${OUTLINE}/>`,
      )
      .join('')}<circle cx="50" cy="88" r="7" fill="#ffd60a" ${OUTLINE}/>`,
  trumpet: () =>
    `<path d="M10 46 L60 46 L86 24 L86 76 L60 54 L10 54 Z" fill="#ffc107" ${OUTLINE}/>
     <rect x="28" y="34" width="6" height="12" fill="#ff9800" ${OUTLINE}/><rect x="40" y="34" width="6" height="12" fill="#ff9800" ${OUTLINE}/>
     <rect x="6" y="44" width="8" height="12" rx="2" fill="#ff9800" ${OUTLINE}/>`,
  maraca: () =>
    `<ellipse cx="40" cy="36" rx="24" ry="28" fill="#00c2ff" ${OUTLINE}/>
     <path d="M24 30 Q40 20 56 30 M22 44 Q40 36 58 44" stroke="#ffd60a" stroke-width="4" fill="none"/>
     <path d="M52 58 L80 92" stroke="#8d5524" stroke-width="10" stroke-linecap="round"/>`,

  // Tesouro Viking
  helmet: () =>
    `<path d="M20 60 Q20 20 50 20 Q80 20 80 60 Z" fill="#90a4ae" ${OUTLINE}/>
     <path d="M20 38 Q8 30 10 10 Q22 22 28 32 Z M80 38 Q92 30 90 10 Q78 22 72 32 Z" fill="#f3e9d2" ${OUTLINE}/>
     <rect x="16" y="56" width="68" height="12" rx="4" fill="#f5c542" ${OUTLINE}/><rect x="46" y="56" width="8" height="30" fill="#f5c542" ${OUTLINE}/>`,
  rune: () =>
    `<path d="M22 90 L18 30 Q20 8 50 8 Q80 8 82 30 L78 90 Z" fill="#78909c" ${OUTLINE}/>
     <path d="M40 26 L40 74 M40 40 L60 28 M40 54 L60 42" stroke="#7fdbff" stroke-width="6" stroke-linecap="round"/>`,
  axe: () =>
    `<path d="M46 10 L54 10 L56 92 L44 92 Z" fill="#8d5524" ${OUTLINE}/>
     <path d="M52 16 Q86 12 90 44 Q74 40 54 46 Z" fill="#cfd8dc" ${OUTLINE}/><path d="M48 16 Q14 12 10 44 Q26 40 46 46 Z" fill="#b0bec5" ${OUTLINE}/>`,
  shield: () =>
    `<circle cx="50" cy="50" r="40" fill="#a1887f" ${OUTLINE}/>
     <path d="M50 10 L50 90 M10 50 L90 50" stroke="#5d4037" stroke-width="4"/>
     <circle cx="50" cy="50" r="40" fill="none" stroke="#cfd8dc" stroke-width="6"/><circle cx="50" cy="50" r="10" fill="#cfd8dc" ${OUTLINE}/>`,
  horn: () =>
    `<path d="M12 24 Q16 78 68 84 L80 70 Q34 66 28 20 Z" fill="#f3e9d2" ${OUTLINE}/>
     <path d="M14 34 L30 30 M18 50 L36 44 M28 64 L46 56" stroke="#c9b58f" stroke-width="3"/>
     <ellipse cx="76" cy="78" rx="8" ry="12" transform="rotate(45 76 78)" fill="#f5c542" ${OUTLINE}/>`,

  // Oceano de Pérolas
  trident: () =>
    `<path d="M50 30 L50 94" stroke="#f5c542" stroke-width="7"/>
     <path d="M22 10 L22 34 Q22 44 50 44 Q78 44 78 34 L78 10" fill="none" stroke="#f5c542" stroke-width="7"/>
     <path d="M50 6 L50 44" stroke="#f5c542" stroke-width="7"/>
     <path d="M16 14 L22 2 L28 14 Z M44 10 L50 -2 L56 10 Z M72 14 L78 2 L84 14 Z" fill="#f5c542" ${OUTLINE}/>`,
  seashell: () =>
    `<path d="M50 88 L12 40 Q20 12 50 10 Q80 12 88 40 Z" fill="#ffab91" ${OUTLINE}/>
     <path d="M50 88 L26 24 M50 88 L42 14 M50 88 L58 14 M50 88 L74 24" stroke="#d84315" stroke-width="3"/>
     <circle cx="50" cy="58" r="9" fill="#f4f0ff" ${OUTLINE}/>`,
  seahorse: () =>
    `<path d="M54 10 Q76 12 72 32 L60 36 Q72 54 62 70 Q56 82 66 90 Q46 94 46 76 Q46 62 52 52 Q40 44 46 26 Q48 14 54 10 Z" fill="#ffb703" ${OUTLINE}/>
     <circle cx="60" cy="22" r="3.5" fill="#222"/><path d="M72 26 L88 26" stroke="#ffb703" stroke-width="6" stroke-linecap="round"/>
     <path d="M46 30 L36 26 M44 42 L34 42 M48 56 L38 60" stroke="#fb8500" stroke-width="3"/>`,
  crab: () =>
    `<ellipse cx="50" cy="60" rx="30" ry="20" fill="#e63946" ${OUTLINE}/>
     <path d="M20 52 Q6 40 12 24 M80 52 Q94 40 88 24" stroke="#e63946" stroke-width="7" fill="none"/>
     <path d="M6 22 Q12 8 22 18 L14 26 Z M94 22 Q88 8 78 18 L86 26 Z" fill="#e63946" ${OUTLINE}/>
     <path d="M26 74 L16 88 M36 78 L30 92 M74 74 L84 88 M64 78 L70 92" stroke="#b71c1c" stroke-width="4"/>
     <circle cx="42" cy="46" r="5" fill="#fff"/><circle cx="58" cy="46" r="5" fill="#fff"/><circle cx="42" cy="46" r="2.5" fill="#222"/><circle cx="58" cy="46" r="2.5" fill="#222"/>`,
  fish: () =>
    `<path d="M10 50 Q36 18 70 44 L90 28 L86 50 L90 72 L70 56 Q36 82 10 50 Z" fill="#2ec4b6" ${OUTLINE}/>
     <path d="M40 34 L40 66 M54 38 L54 62" stroke="#167d73" stroke-width="3"/><circle cx="24" cy="46" r="4" fill="#222"/>`,
};

function unknownSymbol(code: string): Draw {
  return (colors) =>
    `<text x="50" y="60" text-anchor="middle" font-family="sans-serif" font-size="28" fill="${colors.text}">${code}</text>`;
}

/** The symbol as a complete SVG element; wild and scatter carry a small ribbon naming their role. */
export function symbolSvg(
  code: string,
  kind: 'regular' | 'wild' | 'scatter',
  colors: SlotColors,
  ribbon: { wild: string; scatter: string },
): string {
  const draw = ART[code] ?? unknownSymbol(code);
  const label = kind === 'wild' ? ribbon.wild : kind === 'scatter' ? ribbon.scatter : '';
  const band = label
    ? `<rect x="8" y="78" width="84" height="18" rx="5" fill="${kind === 'wild' ? colors.accent : '#ffffff'}" stroke="#00000066" stroke-width="2"/>
       <text x="50" y="92" text-anchor="middle" font-family="'Arial Black', Arial, sans-serif" font-weight="900" font-size="13" fill="${kind === 'wild' ? colors.background : '#222'}">${label}</text>`
    : '';
  return `<svg viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">${draw(colors)}${band}</svg>`;
}

export function hasArt(code: string): boolean {
  return code in ART;
}
