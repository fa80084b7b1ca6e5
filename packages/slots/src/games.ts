// The twelve games of the demo studio, four per provider. Names, themes and art are the project's own. The
// paytables are in coins (see SymbolDef.pays); `rtp` is the exact theoreticalRtp rounded to 4 decimals, which
// the tests check, and docs/decisions/0024-slot-math.md explains each design. Volatility is named from the
// standard deviation of a paid round's return per unit bet (simulated): low below 2.8, medium below 3.5,
// high from 3.5.
import { defineGame, LINES_3X3, LINES_5X3, symbol } from './define.ts';
import type { SlotGame, SymbolDef } from './types.ts';

/** Card ranks used as the low symbols of several games. */
const ace = (pays: readonly number[]) => symbol('A', 'regular', 'Ás', 'Ace', pays);
const king = (pays: readonly number[]) => symbol('K', 'regular', 'Rei', 'King', pays);
const queen = (pays: readonly number[]) => symbol('Q', 'regular', 'Dama', 'Queen', pays);
const jack = (pays: readonly number[]) => symbol('J', 'regular', 'Valete', 'Jack', pays);
const ten = (pays: readonly number[]) => symbol('10', 'regular', 'Dez', 'Ten', pays);

/** The same counts on every reel. */
function sameReels(reels: number, counts: Record<string, number>): Record<string, number>[] {
  return Array.from({ length: reels }, () => counts);
}

/** Counts per reel with the wild left off the first reel (ways games: a wild on reel 1 would pay every symbol). */
function wildFromReelTwo(
  reels: number,
  counts: Record<string, number>,
  wild: string,
): Record<string, number>[] {
  return Array.from({ length: reels }, (_, reel) => (reel === 0 ? { ...counts, [wild]: 0 } : counts));
}

const boiDouradoSymbols: SymbolDef[] = [
  symbol('ox', 'wild', 'Boi Dourado', 'Golden Ox', [0, 0, 0, 210]),
  symbol('gong', 'scatter', 'Gongo', 'Gong', [0, 0, 0, 5]),
  symbol('ingot', 'regular', 'Lingote', 'Gold ingot', [0, 0, 0, 85]),
  symbol('envelope', 'regular', 'Envelope vermelho', 'Red envelope', [0, 0, 0, 20]),
  symbol('coin', 'regular', 'Moeda da sorte', 'Lucky coin', [0, 0, 0, 9]),
  symbol('orange', 'regular', 'Tangerina', 'Tangerine', [0, 0, 0, 4]),
  symbol('bamboo', 'regular', 'Bambu', 'Bamboo', [0, 0, 0, 3]),
];

const lanternasSymbols: SymbolDef[] = [
  symbol('lantern', 'wild', 'Lanterna', 'Lantern', [0, 0, 0, 60, 250, 1250]),
  symbol('firework', 'scatter', 'Fogos', 'Fireworks', [0, 0, 0, 2, 10, 50]),
  symbol('koi', 'regular', 'Carpa', 'Koi', [0, 0, 0, 30, 120, 600]),
  symbol('fan', 'regular', 'Leque', 'Fan', [0, 0, 0, 25, 95, 310]),
  symbol('teapot', 'regular', 'Bule', 'Teapot', [0, 0, 0, 19, 60, 190]),
  ace([0, 0, 0, 12, 30, 120]),
  king([0, 0, 0, 6, 25, 100]),
  queen([0, 0, 0, 6, 19, 75]),
  jack([0, 0, 0, 6, 12, 60]),
];

const dragaoSymbols: SymbolDef[] = [
  symbol('dragon', 'wild', 'Dragão de jade', 'Jade dragon', [0, 0, 0, 0, 0, 0]),
  symbol('pearl', 'scatter', 'Pérola', 'Pearl', [0, 0, 0, 3, 15, 75]),
  symbol('jade', 'regular', 'Disco de jade', 'Jade disc', [0, 0, 0, 20, 55, 170]),
  symbol('pagoda', 'regular', 'Pagode', 'Pagoda', [0, 0, 0, 17, 45, 110]),
  symbol('bonsai', 'regular', 'Bonsai', 'Bonsai', [0, 0, 0, 11, 35, 85]),
  ace([0, 0, 0, 6, 17, 45]),
  king([0, 0, 0, 6, 11, 35]),
  queen([0, 0, 0, 3, 11, 30]),
  jack([0, 0, 0, 3, 6, 20]),
  ten([0, 0, 0, 2, 6, 15]),
];

const coelhoSymbols: SymbolDef[] = [
  symbol('rabbit', 'wild', 'Coelho da lua', 'Moon rabbit', [0, 0, 0, 0, 0, 0]),
  symbol('moon', 'scatter', 'Lua cheia', 'Full moon', [0, 0, 0, 3, 20, 100]),
  symbol('peach', 'regular', 'Pêssego', 'Peach', [0, 0, 0, 6, 17, 55]),
  symbol('mooncake', 'regular', 'Bolo da lua', 'Mooncake', [0, 0, 0, 5, 11, 35]),
  symbol('lotus', 'regular', 'Lótus', 'Lotus', [0, 0, 0, 3, 9, 25]),
  ace([0, 0, 0, 2, 5, 11]),
  king([0, 0, 0, 1, 3, 8]),
  queen([0, 0, 0, 1, 2, 7]),
  jack([0, 0, 0, 1, 2, 6]),
];

const rotaSymbols: SymbolDef[] = [
  symbol('rocket', 'wild', 'Foguete', 'Rocket', [0, 0, 14, 140, 700, 3500]),
  symbol('planet', 'scatter', 'Planeta', 'Planet', [0, 0, 0, 2, 20, 100]),
  symbol('alien', 'regular', 'Alienígena', 'Alien', [0, 0, 7, 70, 280, 1400]),
  symbol('ufo', 'regular', 'Disco voador', 'Flying saucer', [0, 0, 0, 40, 140, 550]),
  symbol('comet', 'regular', 'Cometa', 'Comet', [0, 0, 0, 30, 85, 280]),
  ace([0, 0, 0, 14, 40, 140]),
  king([0, 0, 0, 14, 35, 110]),
  queen([0, 0, 0, 7, 30, 85]),
  jack([0, 0, 0, 7, 20, 70]),
];

const temploSymbols: SymbolDef[] = [
  symbol('sun', 'wild', 'Sol dourado', 'Golden sun', [0, 0, 0, 65, 320, 1250]),
  symbol('pyramid', 'scatter', 'Pirâmide', 'Pyramid', [0, 0, 0, 2, 10, 40]),
  symbol('mask', 'regular', 'Máscara de ouro', 'Gold mask', [0, 0, 0, 40, 160, 650]),
  symbol('idol', 'regular', 'Ídolo', 'Idol', [0, 0, 0, 30, 95, 400]),
  symbol('feather', 'regular', 'Pena sagrada', 'Sacred feather', [0, 0, 0, 25, 65, 240]),
  ace([0, 0, 0, 13, 40, 130]),
  king([0, 0, 0, 10, 30, 95]),
  queen([0, 0, 0, 8, 25, 80]),
  jack([0, 0, 0, 6, 16, 65]),
  ten([0, 0, 0, 5, 13, 50]),
];

const pirataSymbols: SymbolDef[] = [
  symbol('skull', 'wild', 'Caveira', 'Skull', [0, 0, 0, 0, 0, 0]),
  symbol('map', 'scatter', 'Mapa do tesouro', 'Treasure map', [0, 0, 0, 2, 10, 50]),
  symbol('chest', 'regular', 'Baú', 'Chest', [0, 0, 0, 20, 50, 170]),
  symbol('anchor', 'regular', 'Âncora', 'Anchor', [0, 0, 0, 13, 35, 100]),
  symbol('compass', 'regular', 'Bússola', 'Compass', [0, 0, 0, 8, 25, 70]),
  ace([0, 0, 0, 4, 13, 35]),
  king([0, 0, 0, 3, 10, 25]),
  queen([0, 0, 0, 3, 8, 20]),
  jack([0, 0, 0, 2, 7, 17]),
];

const frutasSymbols: SymbolDef[] = [
  symbol('star', 'wild', 'Estrela neon', 'Neon star', [0, 0, 0, 130]),
  symbol('bell', 'scatter', 'Sino', 'Bell', [0, 0, 0, 10]),
  symbol('seven', 'regular', 'Sete', 'Seven', [0, 0, 0, 65]),
  symbol('grape', 'regular', 'Uva', 'Grapes', [0, 0, 0, 20]),
  symbol('melon', 'regular', 'Melancia', 'Watermelon', [0, 0, 0, 11]),
  symbol('lemon', 'regular', 'Limão', 'Lemon', [0, 0, 0, 5]),
  symbol('cherry', 'regular', 'Cereja', 'Cherry', [0, 0, 0, 3]),
];

const cactoSymbols: SymbolDef[] = [
  symbol('cactus', 'wild', 'Cacto maluco', 'Crazy cactus', [0, 0, 0, 40, 210, 850]),
  symbol('badge', 'scatter', 'Estrela de xerife', 'Sheriff star', [0, 0, 0, 2, 10, 50]),
  symbol('boot', 'regular', 'Bota', 'Boot', [0, 0, 0, 20, 85, 340]),
  symbol('horseshoe', 'regular', 'Ferradura', 'Horseshoe', [0, 0, 0, 17, 65, 210]),
  symbol('pepper', 'regular', 'Pimenta', 'Chili pepper', [0, 0, 0, 13, 40, 130]),
  ace([0, 0, 0, 8, 20, 85]),
  king([0, 0, 0, 4, 17, 65]),
  queen([0, 0, 0, 4, 13, 50]),
  jack([0, 0, 0, 4, 8, 40]),
];

const carnavalSymbols: SymbolDef[] = [
  symbol('carnivalmask', 'wild', 'Máscara de carnaval', 'Carnival mask', [0, 0, 0, 0, 0, 0]),
  symbol('drum', 'scatter', 'Tamborim', 'Drum', [0, 0, 0, 3, 15, 60]),
  symbol('plume', 'regular', 'Plumas', 'Plumes', [0, 0, 0, 18, 45, 140]),
  symbol('trumpet', 'regular', 'Trompete', 'Trumpet', [0, 0, 0, 14, 35, 90]),
  symbol('maraca', 'regular', 'Chocalho', 'Shaker', [0, 0, 0, 9, 25, 70]),
  ace([0, 0, 0, 5, 14, 35]),
  king([0, 0, 0, 5, 9, 25]),
  queen([0, 0, 0, 3, 9, 25]),
  jack([0, 0, 0, 3, 5, 18]),
  ten([0, 0, 0, 2, 5, 14]),
];

const vikingSymbols: SymbolDef[] = [
  symbol('helmet', 'wild', 'Elmo', 'Helmet', [0, 0, 5, 50, 250, 1250]),
  symbol('rune', 'scatter', 'Runa', 'Rune stone', [0, 0, 0, 2, 20, 100]),
  symbol('axe', 'regular', 'Machado', 'Axe', [0, 0, 3, 25, 100, 500]),
  symbol('shield', 'regular', 'Escudo', 'Shield', [0, 0, 0, 15, 50, 200]),
  symbol('horn', 'regular', 'Chifre', 'Drinking horn', [0, 0, 0, 10, 30, 100]),
  ace([0, 0, 0, 5, 15, 50]),
  king([0, 0, 0, 5, 13, 40]),
  queen([0, 0, 0, 3, 10, 30]),
  jack([0, 0, 0, 2, 8, 25]),
];

const oceanoSymbols: SymbolDef[] = [
  symbol('trident', 'wild', 'Tridente', 'Trident', [0, 0, 0, 0, 0]),
  symbol('seashell', 'scatter', 'Concha', 'Seashell', [0, 0, 0, 3, 20]),
  symbol('seahorse', 'regular', 'Cavalo-marinho', 'Seahorse', [0, 0, 0, 30, 95]),
  symbol('crab', 'regular', 'Caranguejo', 'Crab', [0, 0, 0, 25, 65]),
  symbol('fish', 'regular', 'Peixe', 'Fish', [0, 0, 0, 16, 40]),
  ace([0, 0, 0, 8, 19]),
  king([0, 0, 0, 6, 16]),
  queen([0, 0, 0, 5, 13]),
  jack([0, 0, 0, 3, 9]),
];

export const SLOT_GAMES: readonly SlotGame[] = [
  defineGame({
    code: 'pg-boi-dourado',
    provider: 'PG',
    name: 'Boi Dourado',
    theme: { pt_BR: 'Ano-novo lunar, ouro e vermelho', en_US: 'Lunar new year, gold and red' },
    rtp: 0.9636,
    volatility: 'high',
    reels: 3,
    rows: 3,
    kind: 'lines',
    lines: LINES_3X3,
    betCoins: 5,
    symbols: boiDouradoSymbols,
    reelCounts: sameReels(3, { ox: 2, gong: 2, ingot: 3, envelope: 4, coin: 6, orange: 7, bamboo: 8 }),
    freeSpins: { scatterCount: 3, spins: 8, multiplier: 3 },
    colors: { background: '#7a0d12', reel: '#fff4dc', accent: '#f5c542', text: '#fff8e7' },
  }),
  defineGame({
    code: 'pg-lanternas-da-fortuna',
    provider: 'PG',
    name: 'Lanternas da Fortuna',
    theme: { pt_BR: 'Festival das lanternas à noite', en_US: 'Lantern festival at night' },
    rtp: 0.9433,
    volatility: 'low',
    reels: 5,
    rows: 3,
    kind: 'lines',
    lines: LINES_5X3.slice(0, 20),
    betCoins: 20,
    symbols: lanternasSymbols,
    reelCounts: sameReels(5, { lantern: 2, firework: 1, koi: 3, fan: 4, teapot: 4, A: 5, K: 6, Q: 6, J: 7 }),
    freeSpins: { scatterCount: 3, spins: 10, multiplier: 2 },
    colors: { background: '#1b1035', reel: '#2c1a52', accent: '#ff7a45', text: '#ffe9d6' },
  }),
  defineGame({
    code: 'pg-dragao-de-jade',
    provider: 'PG',
    name: 'Dragão de Jade',
    theme: { pt_BR: 'Jardim imperial de jade', en_US: 'Imperial jade garden' },
    rtp: 0.9647,
    volatility: 'medium',
    reels: 5,
    rows: 3,
    kind: 'ways',
    betCoins: 20,
    symbols: dragaoSymbols,
    reelCounts: wildFromReelTwo(
      5,
      { dragon: 2, pearl: 2, jade: 3, pagoda: 3, bonsai: 4, A: 5, K: 5, Q: 6, J: 6, '10': 7 },
      'dragon',
    ),
    freeSpins: { scatterCount: 3, spins: 10, multiplier: 2 },
    colors: { background: '#0c3b2e', reel: '#e8f5ec', accent: '#3ecf8e', text: '#f0fff6' },
  }),
  defineGame({
    code: 'pg-coelho-da-lua',
    provider: 'PG',
    name: 'Coelho da Lua',
    theme: { pt_BR: 'Festival da lua, noite de outono', en_US: 'Moon festival, an autumn night' },
    rtp: 0.9623,
    volatility: 'medium',
    reels: 5,
    rows: 4,
    kind: 'ways',
    betCoins: 25,
    symbols: coelhoSymbols,
    reelCounts: wildFromReelTwo(
      5,
      { rabbit: 2, moon: 1, peach: 3, mooncake: 4, lotus: 5, A: 6, K: 7, Q: 7, J: 8 },
      'rabbit',
    ),
    freeSpins: { scatterCount: 3, spins: 12, multiplier: 3 },
    colors: { background: '#221a4d', reel: '#f4efff', accent: '#c9a7ff', text: '#f7f2ff' },
  }),
  defineGame({
    code: 'evo-rota-espacial',
    provider: 'EVO',
    name: 'Rota Espacial',
    theme: { pt_BR: 'Viagem entre planetas', en_US: 'A trip between planets' },
    rtp: 0.9556,
    volatility: 'medium',
    reels: 5,
    rows: 3,
    kind: 'lines',
    lines: LINES_5X3.slice(0, 10),
    betCoins: 10,
    symbols: rotaSymbols,
    reelCounts: sameReels(5, { rocket: 1, planet: 1, alien: 2, ufo: 3, comet: 4, A: 5, K: 6, Q: 7, J: 8 }),
    freeSpins: { scatterCount: 3, spins: 10, multiplier: 3 },
    colors: { background: '#050a24', reel: '#0e1a45', accent: '#4dd8ff', text: '#e6f7ff' },
  }),
  defineGame({
    code: 'evo-templo-solar',
    provider: 'EVO',
    name: 'Templo Solar',
    theme: { pt_BR: 'Templo antigo na selva', en_US: 'An ancient jungle temple' },
    rtp: 0.9667,
    volatility: 'medium',
    reels: 5,
    rows: 3,
    kind: 'lines',
    lines: LINES_5X3,
    betCoins: 25,
    symbols: temploSymbols,
    reelCounts: sameReels(5, {
      sun: 2,
      pyramid: 2,
      mask: 3,
      idol: 3,
      feather: 4,
      A: 5,
      K: 5,
      Q: 6,
      J: 6,
      '10': 7,
    }),
    freeSpins: { scatterCount: 3, spins: 10, multiplier: 2 },
    colors: { background: '#2b1d0e', reel: '#f3e3c3', accent: '#e0a526', text: '#fff5e0' },
  }),
  defineGame({
    code: 'evo-pirata-do-recife',
    provider: 'EVO',
    name: 'Pirata do Recife',
    theme: { pt_BR: 'Piratas no litoral nordestino', en_US: 'Pirates off the north-east coast' },
    rtp: 0.9521,
    volatility: 'low',
    reels: 5,
    rows: 3,
    kind: 'ways',
    betCoins: 20,
    symbols: pirataSymbols,
    reelCounts: wildFromReelTwo(
      5,
      { skull: 2, map: 1, chest: 3, anchor: 4, compass: 4, A: 5, K: 6, Q: 6, J: 7 },
      'skull',
    ),
    freeSpins: { scatterCount: 3, spins: 10, multiplier: 2 },
    colors: { background: '#0b2a3c', reel: '#f2e6cf', accent: '#e94f37', text: '#fdf6e3' },
  }),
  defineGame({
    code: 'evo-frutas-neon',
    provider: 'EVO',
    name: 'Frutas Neon',
    theme: { pt_BR: 'Frutas clássicas em luz neon', en_US: 'Classic fruits in neon light' },
    rtp: 0.9452,
    volatility: 'medium',
    reels: 3,
    rows: 3,
    kind: 'lines',
    lines: LINES_3X3,
    betCoins: 5,
    symbols: frutasSymbols,
    reelCounts: sameReels(3, { star: 2, bell: 2, seven: 3, grape: 4, melon: 5, lemon: 7, cherry: 8 }),
    freeSpins: { scatterCount: 3, spins: 8, multiplier: 2 },
    colors: { background: '#120019', reel: '#1f0530', accent: '#ff2bd6', text: '#fbe9ff' },
  }),
  defineGame({
    code: 'bg-cacto-maluco',
    provider: 'BG',
    name: 'Cacto Maluco',
    theme: { pt_BR: 'Velho oeste bem-humorado', en_US: 'A cheerful wild west' },
    rtp: 0.9497,
    volatility: 'medium',
    reels: 5,
    rows: 3,
    kind: 'lines',
    lines: LINES_5X3.slice(0, 20),
    betCoins: 20,
    symbols: cactoSymbols,
    reelCounts: sameReels(5, {
      cactus: 2,
      badge: 2,
      boot: 3,
      horseshoe: 4,
      pepper: 4,
      A: 5,
      K: 6,
      Q: 6,
      J: 7,
    }),
    freeSpins: { scatterCount: 3, spins: 10, multiplier: 2 },
    colors: { background: '#8f3d12', reel: '#fff3df', accent: '#7bd389', text: '#fff3df' },
  }),
  defineGame({
    code: 'bg-carnaval-do-rio',
    provider: 'BG',
    name: 'Carnaval do Rio',
    theme: { pt_BR: 'Desfile de escola de samba', en_US: 'A samba school parade' },
    rtp: 0.9652,
    volatility: 'low',
    reels: 5,
    rows: 3,
    kind: 'ways',
    betCoins: 20,
    symbols: carnavalSymbols,
    reelCounts: wildFromReelTwo(
      5,
      { carnivalmask: 3, drum: 1, plume: 2, trumpet: 3, maraca: 4, A: 4, K: 5, Q: 5, J: 6, '10': 6 },
      'carnivalmask',
    ),
    freeSpins: { scatterCount: 3, spins: 15, multiplier: 2 },
    colors: { background: '#5b0f8a', reel: '#fff0fb', accent: '#ffd60a', text: '#fff8fe' },
  }),
  defineGame({
    code: 'bg-tesouro-viking',
    provider: 'BG',
    name: 'Tesouro Viking',
    theme: { pt_BR: 'Saga nórdica no gelo', en_US: 'A Norse saga on the ice' },
    rtp: 0.9605,
    volatility: 'high',
    reels: 5,
    rows: 3,
    kind: 'lines',
    lines: LINES_5X3,
    betCoins: 25,
    symbols: vikingSymbols,
    reelCounts: sameReels(5, { helmet: 2, rune: 2, axe: 2, shield: 3, horn: 3, A: 6, K: 6, Q: 7, J: 7 }),
    freeSpins: { scatterCount: 3, spins: 12, multiplier: 2 },
    colors: { background: '#10222e', reel: '#dfe9ef', accent: '#7fb7d9', text: '#eef6fb' },
  }),
  defineGame({
    code: 'bg-oceano-de-perolas',
    provider: 'BG',
    name: 'Oceano de Pérolas',
    theme: { pt_BR: 'Recife de coral no fundo do mar', en_US: 'A coral reef under the sea' },
    rtp: 0.9596,
    volatility: 'low',
    reels: 4,
    rows: 3,
    kind: 'ways',
    betCoins: 20,
    symbols: oceanoSymbols,
    reelCounts: wildFromReelTwo(
      4,
      { trident: 2, seashell: 2, seahorse: 3, crab: 4, fish: 4, A: 5, K: 6, Q: 6, J: 7 },
      'trident',
    ),
    freeSpins: { scatterCount: 3, spins: 8, multiplier: 2 },
    colors: { background: '#03395c', reel: '#e3f6ff', accent: '#2ec4b6', text: '#effbff' },
  }),
];
