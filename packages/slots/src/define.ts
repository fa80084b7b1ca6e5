// Building a game from its design: strips from per-reel symbol counts, the published paytable, the max-win
// bound and the rules text, so the data a player reads always agrees with what the engine pays.
import type {
  FreeSpinsRule,
  PaytableRow,
  SlotColors,
  SlotGame,
  SlotProvider,
  SymbolDef,
  Texts,
  Volatility,
} from './types.ts';

/** The usual 25 lines of a 5×3 grid (row per reel, 0 = top); a game uses the first N. */
export const LINES_5X3: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2],
  [1, 0, 2, 0, 1],
  [1, 2, 0, 2, 1],
];

export const LINES_3X3: readonly (readonly number[])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

/** The ladder of total bets, centavos (R$ 0,20 to R$ 200,00); each game rounds it to its coin count. */
export const BET_STEPS = [20, 40, 60, 100, 200, 400, 600, 1000, 2000, 4000, 10000, 20000] as const;

/**
 * A game's bet steps: the ladder rounded up to whole multiples of its coin count (and kept within R$ 200,00),
 * so at every offered bet each coin is a whole number of centavos and no pay is ever floored.
 */
export function betStepsFor(betCoins: number): number[] {
  const top = BET_STEPS[BET_STEPS.length - 1]!;
  const steps = BET_STEPS.map(
    (step) => Math.min(Math.ceil(step / betCoins), Math.floor(top / betCoins)) * betCoins,
  );
  return [...new Set(steps)];
}

export type GameDesign = {
  readonly code: string;
  readonly provider: SlotProvider;
  readonly name: string;
  readonly theme: Texts;
  readonly rtp: number;
  readonly volatility: Volatility;
  readonly reels: number;
  readonly rows: number;
  readonly kind: 'lines' | 'ways';
  readonly lines?: readonly (readonly number[])[];
  readonly betCoins: number;
  readonly symbols: readonly SymbolDef[];
  /** How many of each symbol every reel's strip holds (one entry per reel). */
  readonly reelCounts: readonly Readonly<Record<string, number>>[];
  readonly freeSpins: FreeSpinsRule;
  readonly colors: SlotColors;
};

/** The fractional part, for the deterministic spreading below. */
function fraction(value: number): number {
  return value - Math.floor(value);
}

/**
 * A strip holding `counts` of each symbol, each symbol spread evenly along it (at (k + phase) / n for its
 * k-th copy, with a phase that differs per symbol and reel), so equal symbols rarely sit together and a
 * scatter never shows twice in one window. Deterministic: the strip is part of the published design.
 */
export function spreadStrip(
  symbols: readonly SymbolDef[],
  counts: Readonly<Record<string, number>>,
  reel: number,
) {
  const placed: { key: number; order: number; code: string }[] = [];
  symbols.forEach((symbol, order) => {
    const count = counts[symbol.code] ?? 0;
    const phase = fraction((order + 1) * 0.6180339887 + reel * 0.2915);
    for (let k = 0; k < count; k++) placed.push({ key: (k + phase) / count, order, code: symbol.code });
  });
  for (const code of Object.keys(counts)) {
    if (!symbols.some((symbol) => symbol.code === code)) throw new Error(`unknown symbol ${code} in counts`);
  }
  return placed.sort((a, b) => a.key - b.key || a.order - b.order).map(({ code }) => code);
}

function paytableOf(symbols: readonly SymbolDef[], betCoins: number): PaytableRow[] {
  return symbols.flatMap((symbol) =>
    symbol.pays.flatMap((pays, count) => {
      if (pays <= 0) return [];
      const coins = symbol.kind === 'scatter' ? pays * betCoins : pays;
      return [{ symbol: symbol.code, count, coins, timesBet: coins / betCoins }];
    }),
  );
}

/** An upper bound on one spin's win as a multiple of the bet: every line (or way) at its best, plus the scatter. */
function maxWinTimesBetOf(design: GameDesign): number {
  const best = (symbol: SymbolDef) =>
    Math.max(
      0,
      ...symbol.pays.map((pays, count) => (design.kind === 'lines' ? pays : pays * design.rows ** count)),
    );
  const scatter = design.symbols.find((symbol) => symbol.kind === 'scatter')!;
  const others = design.symbols.filter((symbol) => symbol.kind !== 'scatter');
  // A line pays one win; on ways a wild counts for every symbol at once, so all symbols may pay together.
  const payingCoins =
    design.kind === 'lines'
      ? (design.lines?.length ?? 0) * Math.max(...others.map(best))
      : others.reduce((sum, symbol) => sum + best(symbol), 0);
  const coins = payingCoins + Math.max(0, ...scatter.pays) * design.betCoins;
  return (coins * Math.max(1, design.freeSpins.multiplier)) / design.betCoins;
}

function formatTimes(value: number, language: 'pt_BR' | 'en_US'): string {
  return value.toLocaleString(language === 'pt_BR' ? 'pt-BR' : 'en-US', { maximumFractionDigits: 2 });
}

function rulesOf(design: GameDesign, maxWinTimesBet: number): Texts {
  const wild = design.symbols.find((symbol) => symbol.kind === 'wild')!;
  const scatter = design.symbols.find((symbol) => symbol.kind === 'scatter')!;
  const { scatterCount, spins, multiplier } = design.freeSpins;
  const rtp = (language: 'pt_BR' | 'en_US') =>
    (design.rtp * 100).toLocaleString(language === 'pt_BR' ? 'pt-BR' : 'en-US', { maximumFractionDigits: 2 });
  const lines = design.lines?.length ?? 0;
  const ways = design.rows ** design.reels;
  return {
    pt_BR: [
      `${design.name}: ${design.reels} rolos × ${design.rows} linhas, ${
        design.kind === 'lines' ? `${lines} linhas de pagamento fixas` : `${ways} maneiras de ganhar`
      }.`,
      design.kind === 'lines'
        ? 'Uma linha paga a maior sequência de símbolos iguais a partir do rolo mais à esquerda; paga-se só o maior prêmio de cada linha e os prêmios de linhas diferentes se somam. A aposta total é dividida igualmente entre as linhas.'
        : 'Um símbolo paga quando aparece em rolos vizinhos a partir do mais à esquerda, em qualquer posição; o prêmio é multiplicado pelo número de maneiras (o produto das ocorrências em cada rolo).',
      `${wild.name.pt_BR} é curinga e substitui todos os símbolos, exceto ${scatter.name.pt_BR}.`,
      `${scatter.name.pt_BR} paga em qualquer posição, multiplicando a aposta total; ${scatterCount} ou mais concedem ${spins} rodadas grátis com todos os prêmios ×${multiplier}, na aposta que as ativou. Rodadas grátis não concedem mais rodadas grátis.`,
      `Os prêmios são arredondados para baixo ao centavo. Um giro paga no máximo ${formatTimes(maxWinTimesBet, 'pt_BR')}× a aposta. RTP teórico: ${rtp('pt_BR')}%. Um mau funcionamento anula jogadas e prêmios.`,
    ].join('\n'),
    en_US: [
      `${design.name}: ${design.reels} reels × ${design.rows} rows, ${
        design.kind === 'lines' ? `${lines} fixed paylines` : `${ways} ways to win`
      }.`,
      design.kind === 'lines'
        ? 'A line pays the longest run of equal symbols from the leftmost reel; only the highest win per line is paid and wins on different lines add up. The total bet is split equally across the lines.'
        : 'A symbol pays when it lands on adjacent reels from the leftmost, in any position; the win is multiplied by the number of ways (the product of its counts on each reel).',
      `${wild.name.en_US} is wild and substitutes for every symbol except ${scatter.name.en_US}.`,
      `${scatter.name.en_US} pays anywhere, as a multiple of the total bet; ${scatterCount} or more award ${spins} free spins with every win ×${multiplier}, at the bet that triggered them. Free spins do not award more free spins.`,
      `Wins are rounded down to the centavo. One spin pays at most ${formatTimes(maxWinTimesBet, 'en_US')}× the bet. Theoretical RTP: ${rtp('en_US')}%. Malfunction voids all pays and plays.`,
    ].join('\n'),
  };
}

export function defineGame(design: GameDesign): SlotGame {
  if (design.reelCounts.length !== design.reels) throw new Error(`${design.code}: one count set per reel`);
  const { reelCounts, ...rest } = design;
  const maxWinTimesBet = maxWinTimesBetOf(design);
  const betSteps = betStepsFor(design.betCoins);
  return {
    ...rest,
    strips: reelCounts.map((counts, reel) => spreadStrip(design.symbols, counts, reel)),
    paytable: paytableOf(design.symbols, design.betCoins),
    minBet: betSteps[0]!,
    maxBet: betSteps[betSteps.length - 1]!,
    betSteps,
    maxWinTimesBet,
    rules: rulesOf(design, maxWinTimesBet),
  };
}

/** Symbol helper: `symbol('A', 'regular', 'Ás', 'Ace', [0, 0, 0, 5, 10, 50])`. */
export function symbol(
  code: string,
  kind: SymbolDef['kind'],
  namePt: string,
  nameEn: string,
  pays: readonly number[],
): SymbolDef {
  return { code, kind, name: { pt_BR: namePt, en_US: nameEn }, pays };
}
