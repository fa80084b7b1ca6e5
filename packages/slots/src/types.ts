// The shapes of a slot game and of one spin. Pure data: the studio page receives a game as JSON, so every
// field here is JSON-safe except the bigint amounts of an outcome (see spinOutcomeToJson).

export type SlotProvider = 'PG' | 'EVO' | 'BG';
export type SlotLanguage = 'pt_BR' | 'en_US';
export type Texts = Readonly<Record<SlotLanguage, string>>;
export type Volatility = 'low' | 'medium' | 'high';

export type SymbolKind = 'regular' | 'wild' | 'scatter';

export type SymbolDef = {
  /** Unique within the game; the studio draws the symbol by this code. */
  readonly code: string;
  readonly kind: SymbolKind;
  readonly name: Texts;
  /**
   * Pays by count (index = how many in a row from the leftmost reel, or for the scatter how many reels show
   * it). Lines games: coins per line; ways games: coins per way; the scatter: multiples of the total bet.
   */
  readonly pays: readonly number[];
};

/** One row of the published paytable. `timesBet` is the pay as a multiple of the total bet. */
export type PaytableRow = {
  readonly symbol: string;
  readonly count: number;
  readonly coins: number;
  readonly timesBet: number;
};

export type FreeSpinsRule = {
  /** How many reels must show the scatter to award the free spins. */
  readonly scatterCount: number;
  readonly spins: number;
  /** Every win of a free spin is multiplied by this. */
  readonly multiplier: number;
};

export type SlotColors = {
  readonly background: string;
  readonly reel: string;
  readonly accent: string;
  readonly text: string;
};

export type SlotGame = {
  readonly code: string;
  readonly provider: SlotProvider;
  readonly name: string;
  readonly theme: Texts;
  /** The stated RTP: the exact theoretical return (theoreticalRtp) rounded to 4 decimals. */
  readonly rtp: number;
  readonly volatility: Volatility;
  readonly reels: number;
  readonly rows: number;
  readonly kind: 'lines' | 'ways';
  /** Lines games: for each line, the row (0 = top) it crosses on each reel. */
  readonly lines?: readonly (readonly number[])[];
  /** The total bet is this many coins: a line pays `pays × bet / betCoins`. */
  readonly betCoins: number;
  readonly symbols: readonly SymbolDef[];
  /** One weighted strip per reel, symbol codes top to bottom (the window wraps around the end). */
  readonly strips: readonly (readonly string[])[];
  readonly paytable: readonly PaytableRow[];
  readonly freeSpins: FreeSpinsRule;
  /** Bounds of the total bet in centavos, and the steps the page offers. */
  readonly minBet: number;
  readonly maxBet: number;
  readonly betSteps: readonly number[];
  /** No single spin pays more than this multiple of its bet (an upper bound derived from the paytable). */
  readonly maxWinTimesBet: number;
  readonly colors: SlotColors;
  readonly rules: Texts;
};

/** Free spins still to play after a trigger: all paid at the trigger's bet and multiplier, staking nothing. */
export type FreeSpinState = {
  readonly remaining: number;
  readonly awarded: number;
  readonly multiplier: number;
  /** The triggering spin's bet in centavos (a decimal string, JSON-safe). */
  readonly bet: string;
  /** What the free spins have won so far, centavos (decimal string). */
  readonly win: string;
};

export type SpinWin = {
  /** Lines games: which line (0-based index into `lines`). Absent for ways and scatter wins. */
  readonly line?: number;
  readonly symbol: string;
  readonly count: number;
  /** Ways games: how many ways the symbol pays. */
  readonly ways?: number;
  /** Centavos, floored. */
  readonly amount: bigint;
  /** The grid cells [reel, row] that make the win, for highlighting. */
  readonly cells: readonly (readonly [number, number])[];
};

export type SpinOutcome = {
  /** Symbol codes per reel, top row first. */
  readonly grid: string[][];
  readonly stops: number[];
  readonly wins: SpinWin[];
  /** Sum of the wins, centavos. */
  readonly win: bigint;
  /** The bet the wins were paid at (a free spin's is its trigger's). */
  readonly bet: bigint;
  /** What this spin costs the player: the bet, or 0 on a free spin. */
  readonly stake: bigint;
  readonly freeSpin: boolean;
  readonly multiplier: number;
  readonly freeSpinsAwarded: number;
  /** The free spins left after this spin, or null. */
  readonly state: FreeSpinState | null;
  /** True when the scatter paid (enough reels showed it). */
  readonly scatter: boolean;
};

export type SpinWinJson = Omit<SpinWin, 'amount'> & { readonly amount: string };
export type SpinOutcomeJson = Omit<SpinOutcome, 'wins' | 'win' | 'bet' | 'stake'> & {
  readonly wins: SpinWinJson[];
  readonly win: string;
  readonly bet: string;
  readonly stake: string;
};
