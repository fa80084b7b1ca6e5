// The words of the API contract. Names and numeric codes are fixed by the contract: do not rename.

export const sportCodes = [
  'football',
  'basketball',
  'tennis',
  'boxing',
  'snooker',
  'baseball',
  'volleyball',
  'badminton',
  'americanFootball',
  'tableTennis',
  'cricket',
  'racing',
] as const;
export type SportCode = (typeof sportCodes)[number];

export const marketTypes = [
  'winAlone',
  'handicap',
  'total',
  'oddEven',
  'cornersTotal',
  'cornersHandicap',
] as const;
export type MarketType = (typeof marketTypes)[number];

export const marketPeriods = ['full', 'firstHalf'] as const;
export type MarketPeriod = (typeof marketPeriods)[number];

export const outcomes = ['home', 'away', 'draw', 'over', 'under', 'odd', 'even'] as const;
export type Outcome = (typeof outcomes)[number];

/** Bet result codes stored on bets and parlays. */
export const betResult = {
  open: 0,
  win: 10,
  loseHalf: 11,
  lose: 20,
  winHalf: 21,
  refund: 90,
} as const;
export type BetResultCode = (typeof betResult)[keyof typeof betResult];
export type SettledResultCode = Exclude<BetResultCode, 0>;

/** Match period codes reported by the feed. */
export const matchPeriod = {
  notOpen: 0,
  firstHalf: 1,
  midfield: 2,
  secondHalf: 3,
  overtime: 4,
  penalty: 5,
  finished: -1,
  cancelled: -10,
  toBeDetermined: -11,
  cutInHalf: -12,
  interrupted: -13,
  postponed: -14,
} as const;
export type MatchPeriodCode = (typeof matchPeriod)[keyof typeof matchPeriod];

/** A count per side: goals, points, games, frames, runs or corners depending on the sport and market. */
export interface Score {
  readonly home: number;
  readonly away: number;
}

/**
 * A market as stored on a bet. `line` is required for handicap and total markets and ignored otherwise.
 * For `handicap`/`cornersHandicap` it is the HOME side's handicap (the away side gets the opposite);
 * for `total`/`cornersTotal` it is the total. Lines are multiples of 0.25.
 * `includesOvertime` makes a full-time market count overtime (never a penalty shoot-out); by default
 * every market is settled on regulation time.
 */
export interface Market {
  readonly type: MarketType;
  readonly period: MarketPeriod;
  readonly line?: number;
  readonly includesOvertime?: boolean;
}

/** The outcomes a bettor can pick in each market type. */
export const outcomesByMarketType: Readonly<Record<MarketType, readonly Outcome[]>> = {
  winAlone: ['home', 'draw', 'away'],
  handicap: ['home', 'away'],
  total: ['over', 'under'],
  oddEven: ['odd', 'even'],
  cornersTotal: ['over', 'under'],
  cornersHandicap: ['home', 'away'],
};

export function isLineMarket(type: MarketType): boolean {
  return type === 'handicap' || type === 'total' || type === 'cornersTotal' || type === 'cornersHandicap';
}

export function isCornersMarket(type: MarketType): boolean {
  return type === 'cornersTotal' || type === 'cornersHandicap';
}
