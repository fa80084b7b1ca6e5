import type { AcceptOdds } from '@aposta/contract';
import { potentialReturnCents, totalOdds } from './potential-return';

// What the bet slip shows and sends while prices move under it. The server places a bet at the market's
// current odds (the odds sent are only the floor the player's choice allows), so every figure of the slip —
// each leg's odds, the total odds and the return — follows the current odds; the odds the player agreed to
// are kept to tell what changed and to ask again when the choice does not take the change. Pure, unit tested.

export interface LegPrice {
  selectionId: number;
  /** The odds the player agreed to (the slip's own). */
  agreed: number;
  /** The market's odds now, when the slip can see them (the match or list query is loaded). */
  current: number | undefined;
}

/** Whether the player's "if the odds change" choice takes this price without asking (as the server judges it). */
export function choiceTakes(acceptOdds: AcceptOdds, agreed: number, current: number): boolean {
  if (acceptOdds === 'any') return true;
  if (acceptOdds === 'better') return current >= agreed;
  return current === agreed;
}

export interface SlipFigures {
  /** Each leg's odds as shown: the current ones. */
  odds: number[];
  /** The bet's odds: the single's, or the parlay's product floored as the server floors it. */
  combined: number | undefined;
  /** stake × combined, in centavos, floored once. */
  potentialCents: bigint | undefined;
  /** Legs whose price moved in a way the player's choice does not take: they must be accepted first. */
  toAccept: { selectionId: number; odds: number }[];
}

export function slipFigures(
  prices: readonly LegPrice[],
  mode: 'single' | 'parlay',
  stakeCents: bigint | undefined,
  acceptOdds: AcceptOdds,
): SlipFigures {
  const odds = prices.map((price) => price.current ?? price.agreed);
  const toAccept = prices.flatMap((price) =>
    price.current !== undefined && !choiceTakes(acceptOdds, price.agreed, price.current)
      ? [{ selectionId: price.selectionId, odds: price.current }]
      : [],
  );
  return {
    odds,
    combined: mode === 'parlay' ? totalOdds(odds) : odds[0],
    potentialCents: potentialReturnCents(stakeCents, mode === 'parlay' ? odds : odds.slice(0, 1)),
    toAccept,
  };
}
