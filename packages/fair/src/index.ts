// Provably fair game math: pure, synchronous, identical in Node and the browser. See ../README.md.
export type { ChainCheckpoints, RoundRecord } from './chain.ts';
export {
  buildChain,
  buildChainCheckpoints,
  chainIndexForRound,
  chainRoundCount,
  chainSeedForRound,
  chainTerminatingHash,
  isRoundSeedInChain,
  nextChainHash,
  previousRoundSeeds,
  previousRounds,
  roundHmacInteger,
  roundOutcomeFromInteger,
  roundSeedFromChain,
  verifyChainLink,
} from './chain.ts';
export {
  assertCrashTarget,
  CRASH_CURVE_RATE_PER_MS,
  CRASH_MIN_HUNDREDTHS,
  CRASH_TARGET_MAX_HUNDREDTHS,
  CRASH_TARGET_MIN_HUNDREDTHS,
  crashElapsedMsFor,
  crashHandCashout,
  crashMultiplierAt,
  crashPoint,
  crashPointFromInteger,
  crashPointHundredths,
  crashReachChance,
  crashTargetWins,
  isValidCrashTarget,
} from './crash.ts';
export type { DiceBet, DiceDirection } from './dice.ts';
export {
  DICE_ROLL_MAX_HUNDREDTHS,
  DICE_ROLL_VALUE_COUNT,
  DICE_WINNING_ROLL_COUNT_MAX,
  DICE_WINNING_ROLL_COUNT_MIN,
  diceMultiplier,
  dicePayoutMultiplier,
  diceRoll,
  diceRollFromFloat,
  diceRollHundredths,
  diceRollHundredthsFromFloat,
  diceWinChance,
  diceWinningRollCount,
  diceWins,
} from './dice.ts';
export type { DoubleColor } from './double.ts';
export {
  DOUBLE_ROLL_COUNT,
  DOUBLE_WHEEL_ORDER,
  doubleColor,
  doubleColorMultiplier,
  doublePayoutMultiplier,
  doubleRollFromFloat,
  doubleRoundRoll,
  rowDoubleRoll,
} from './double.ts';
export type { BetSeeds } from './floats.ts';
export { betFloats, betRoundBytes, FLOATS_PER_ROUND, floatsFromBytes, takeBetFloats } from './floats.ts';
export {
  assertLimboTarget,
  LIMBO_RESULT_MAX_HUNDREDTHS,
  LIMBO_RESULT_MIN_HUNDREDTHS,
  LIMBO_TARGET_MAX_HUNDREDTHS,
  LIMBO_TARGET_MIN_HUNDREDTHS,
  limboMultiplier,
  limboPayoutMultiplier,
  limboResult,
  limboResultFromFloat,
  limboResultHundredths,
  limboResultHundredthsFromFloat,
  limboWins,
} from './limbo.ts';
export type { LuckyColor, LuckyColorPick } from './lucky-color.ts';
export {
  LUCKY_COLOR_NUMBER_COUNT,
  luckyColorPayoutHundredths,
  luckyColorPayoutMultiplier,
  luckyColorRoundNumber,
  luckyColorsOfNumber,
} from './lucky-color.ts';
export type { MinesLayout } from './mines.ts';
export {
  assertMineCount,
  binomial,
  MINES_MINE_COUNT_MAX,
  MINES_MINE_COUNT_MIN,
  MINES_TILE_COUNT,
  mineDrawOrderFromFloats,
  minesLayout,
  minesMultiplier,
  minesMultiplierHundredths,
  minesSafeTileCountMax,
} from './mines.ts';
export type { Multiplier } from './multiplier.ts';
export {
  applyMultiplier,
  formatMultiplier,
  multiplierFromFraction,
  multiplierFromHundredths,
  multiplierToNumber,
  ZERO_MULTIPLIER,
} from './multiplier.ts';
export { type InHouseGame, inHouseRtp, type Rtp } from './rtp.ts';
export {
  assertServerSeedHex,
  hashServerSeed,
  isValidClientSeed,
  SERVER_SEED_BYTE_COUNT,
  serverSeedFromBytes,
} from './seeds.ts';
