import { type BuilderSamples, legKey, legWins } from './builder-model.ts';
import { lineClass } from './lines.ts';
import { oddsMilliPerUnit } from './odds.ts';
import { defaultMarginRate, minOddsMilli } from './pricing.ts';
import {
  type BetResultCode,
  betResult,
  type Market,
  type Outcome,
  type Score,
  type SportCode,
} from './vocabulary.ts';

/*
 * Bet builder ("Criar Aposta", a same-game parlay): 2..12 legs of one match in one bet, priced as the probability
 * that all legs win together on the match model's simulated matches (builder-model.ts), with the operator's
 * margin. Decision 0062:
 * - Football only: its model is a joint one (goals and corners per side and half from one Poisson model the feed
 *   also plays), and its markets are the ones players combine (result, goals, corners, first half). The other
 *   sports are priced from separate normal approximations per market, with no joint distribution to draw from.
 * - Legs are whole-stake picks: 1X2, odd/even, and handicaps and totals on half lines (x.5). A whole or quarter
 *   line can push or split, which a single "all legs win" price cannot carry.
 * - Two picks of one market are refused, and so is any combination the model gives (almost) no chance of
 *   happening together (home win with under 0.5 goals): contradictory legs.
 */

export const builderSports: readonly SportCode[] = ['football'];
export const builderLegsMin = 2;
export const builderLegsMax = 12;
/** Fewer simulated matches than this winning every leg: too unlikely (or impossible) to price. */
export const builderMinHits = 20;

export interface BuilderLeg {
  readonly market: Market;
  readonly outcome: Outcome;
  /** The score when the leg is priced (in-play handicaps count goals after it). */
  readonly placementScore?: Score;
}

export type BuilderRefusal = 'sport' | 'count' | 'leg' | 'sameMarket' | 'contradictory' | 'certain';

/** Whether one pick can be a builder leg (see the decision above). */
export function builderLegOffered(leg: BuilderLeg): boolean {
  switch (leg.market.type) {
    case 'winAlone':
    case 'oddEven':
      return true;
    default:
      return leg.market.line !== undefined && lineClass(leg.market.line) === 'half';
  }
}

export interface BuilderPrice {
  /** Share of the simulated matches in which every leg won. */
  readonly probability: number;
  /** Its sampling error, √(p(1 − p)/n). */
  readonly standardError: number;
  /** 1 / (p × (1 + margin)), floored to 2 decimals, in thousandths. */
  readonly oddsMilli: number;
}

export interface BuilderPricingOptions {
  readonly marginRate?: number;
  readonly maxOddsMilli?: number;
}

const marketKey = (market: Market) => legKey(market, 'home').replace(/\|home$/, '');

/** The legs' joint chance on the samples, and the odds it is offered at; or why it is not offered. */
export function priceBuilder(
  sport: SportCode,
  legs: readonly BuilderLeg[],
  samples: BuilderSamples,
  options: BuilderPricingOptions = {},
): BuilderPrice | { readonly refused: BuilderRefusal } {
  if (!builderSports.includes(sport)) return { refused: 'sport' };
  if (legs.length < builderLegsMin || legs.length > builderLegsMax) return { refused: 'count' };
  if (!legs.every(builderLegOffered)) return { refused: 'leg' };
  if (new Set(legs.map((leg) => marketKey(leg.market))).size !== legs.length)
    return { refused: 'sameMarket' };
  const hits = jointHits(legs, samples);
  if (hits < builderMinHits) return { refused: 'contradictory' };
  const probability = hits / samples.count;
  const oddsMilli = oddsFor(probability, options);
  if (oddsMilli < minOddsMilli) return { refused: 'certain' };
  return {
    probability,
    standardError: Math.sqrt((probability * (1 - probability)) / samples.count),
    oddsMilli,
  };
}

function jointHits(legs: readonly BuilderLeg[], samples: BuilderSamples): number {
  const arrays = legs.map((leg) =>
    legWins(samples, leg.market, leg.outcome, leg.placementScore ?? { home: 0, away: 0 }),
  );
  let hits = 0;
  for (let i = 0; i < samples.count; i++) {
    if (arrays.every((wins) => wins[i] === 1)) hits++;
  }
  return hits;
}

function oddsFor(probability: number, options: BuilderPricingOptions): number {
  const margin = options.marginRate ?? defaultMarginRate;
  const max = options.maxOddsMilli ?? 1_000_000;
  const raw = oddsMilliPerUnit / (probability * (1 + margin));
  return Math.min(max, Math.floor(raw / 10) * 10);
}

/** The joint chance of the legs on the samples, without margin (for cash-out and repricing). */
export function builderProbability(legs: readonly BuilderLeg[], samples: BuilderSamples): number {
  return jointHits(legs, samples) / samples.count;
}

/**
 * Settlement of a builder bet (decision 0062), from its legs' results (each win, lose, void or still open):
 * - any leg lost: the bet loses (20), whatever is still open;
 * - else any leg open: the bet stays open;
 * - every leg won: win (10) at the bet's odds;
 * - every leg void: refund (90), the stake back;
 * - some legs void, the rest won: the void legs drop out and the bet wins (10) at the remaining legs' odds
 *   repriced from the model and samples it was placed on (one leg left: that leg's own odds at placement), never
 *   above the bet's odds. Payouts are floored to the centavo.
 */
export function settleBuilder(
  stakeCents: bigint,
  oddsMilli: number,
  legs: readonly { readonly oddsMilli: number; readonly result: BetResultCode }[],
  reprice: (remaining: readonly number[]) => number,
): { result: BetResultCode; returnCents: bigint | null } {
  const results = legs.map((leg) => leg.result);
  if (results.some((r) => r === betResult.winHalf || r === betResult.loseHalf))
    throw new RangeError('builder legs are whole-stake picks: no half results');
  if (results.includes(betResult.lose)) return { result: betResult.lose, returnCents: 0n };
  if (results.includes(betResult.open)) return { result: betResult.open, returnCents: null };
  const remaining = results.flatMap((r, index) => (r === betResult.win ? [index] : []));
  if (remaining.length === 0) return { result: betResult.refund, returnCents: stakeCents };
  const odds =
    remaining.length === legs.length
      ? oddsMilli
      : remaining.length === 1
        ? legs[remaining[0]!]!.oddsMilli
        : reprice(remaining);
  const effective = Math.max(oddsMilliPerUnit, Math.min(oddsMilli, odds));
  return { result: betResult.win, returnCents: (stakeCents * BigInt(effective)) / BigInt(oddsMilliPerUnit) };
}

/**
 * What the house pays to buy a builder bet back now: the remaining stake × the bet's odds × the chance, at the
 * live state, that every leg still wins (legs already won count as won in the live samples), less the cash-out
 * margin; null when nothing is offered (a leg lost or void, or every leg already decided).
 */
export function builderCashoutCents(
  remainingStakeCents: bigint,
  oddsMilli: number,
  legs: readonly BuilderLeg[],
  legResults: readonly BetResultCode[],
  liveSamples: BuilderSamples,
  marginBasisPoints: number,
): bigint | null {
  if (remainingStakeCents <= 0n) return null;
  if (legResults.some((r) => r !== betResult.open && r !== betResult.win)) return null;
  if (legResults.every((r) => r === betResult.win)) return null;
  const probability = builderProbability(legs, liveSamples);
  // The probability in millionths keeps the money arithmetic in integers.
  const millionths = BigInt(Math.floor(probability * 1_000_000));
  const value =
    (remainingStakeCents * BigInt(oddsMilli) * millionths * BigInt(10_000 - marginBasisPoints)) /
    (BigInt(oddsMilliPerUnit) * 1_000_000n * 10_000n);
  return value > 0n ? value : null;
}
