// @aposta/sports: pure market pricing and bet settlement for the sportsbook (no I/O).

export type { BuilderLeg, BuilderPrice, BuilderPricingOptions, BuilderRefusal } from './builder.ts';
export {
  builderCashoutCents,
  builderLegOffered,
  builderLegsMax,
  builderLegsMin,
  builderProbability,
  builderSports,
  priceBuilder,
  settleBuilder,
} from './builder.ts';
export type { BoardMarket, BuilderLiveState, BuilderSamples } from './builder-model.ts';
export { fitFootballModel, legWins, simulateBuilderSamples } from './builder-model.ts';
export type { CashoutLeg, PartialCashout } from './cashout.ts';
export { cashoutValueCents, equivalentHandicapQuarters, partialCashout } from './cashout.ts';
export type { FootballLiveState, FootballModel } from './football.ts';
export { footballDistributions, priceFootball, regulationMinutes, remainingShares } from './football.ts';
export type { LineClass } from './lines.ts';
export { lineClass, splitLine, splitLineQuarters, toQuarters } from './lines.ts';
export {
  assertOddsMilli,
  formatOddsMilli,
  oddsDecimalFromMilli,
  oddsMilliFromDecimal,
  oddsMilliPerUnit,
  parseOddsMilli,
} from './odds.ts';
export type { ParlayLeg, ParlaySettlement, PayoutDiff, Ratio } from './payout.ts';
export {
  diffPayout,
  resettleParlay,
  resettleSingle,
  returnFactor,
  settleParlay,
  singleReturnCents,
} from './payout.ts';
export type { Pmf } from './pmf.ts';
export {
  convolve,
  discretizedNormalCountPmf,
  discretizedNormalPmf,
  negate,
  poissonPmf,
  probabilityAt,
  shift,
  standardNormalCdf,
} from './pmf.ts';
export type {
  LineLadder,
  MarketDistributions,
  PeriodDistributions,
  PricedMarket,
  PricedOutcome,
  PricingOptions,
} from './pricing.ts';
export {
  defaultMarginRate,
  fairProbabilities,
  lineLadder,
  minOddsMilli,
  priceBoard,
  priceMarket,
  quoteOddsMilli,
} from './pricing.ts';
export type {
  OutrightMarketType,
  PricedRunner,
  RaceDetail,
  RaceLapState,
  RaceResult,
  RaceSimulationInput,
  Runner,
  SimulatedRace,
} from './racing.ts';
export {
  outrightMarketTypes,
  outrightPlaces,
  outrightProbabilities,
  priceOutright,
  priceOutrightLive,
  raceDetail,
  raceStateAt,
  settleOutright,
  simulateRace,
} from './racing.ts';
export type { RacingSeries } from './racing-series.ts';
export { racingSeries } from './racing-series.ts';
export type { BetSelection, MatchFacts } from './settlement.ts';
export { settleSelection } from './settlement.ts';
export type { MatchEvent, MatchState, Rng, Side, SimulatedMatch, SimulationInput } from './simulation.ts';
export { createRng, matchStateAt, simulateMatch } from './simulation.ts';
export type { OtherSportCode, SportLiveState, SportModel } from './sportModels.ts';
export { priceSport, sportDistributions } from './sportModels.ts';
export type { ScoreDetail, SegmentUnit, SportStructure } from './structure.ts';
export { oversText, segmentWinner, sportStructure } from './structure.ts';
export type { ScoreUnit, SportTraits } from './traits.ts';
export { offersMarket, sportTraits } from './traits.ts';
export type {
  BetResultCode,
  Market,
  MarketPeriod,
  MarketType,
  MatchPeriodCode,
  Outcome,
  Score,
  SettledResultCode,
  SportCode,
} from './vocabulary.ts';
export {
  betResult,
  isCornersMarket,
  isLineMarket,
  marketPeriods,
  marketTypes,
  matchPeriod,
  outcomes,
  outcomesByMarketType,
  sportCodes,
} from './vocabulary.ts';
