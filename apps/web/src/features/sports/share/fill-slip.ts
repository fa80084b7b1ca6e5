import type { SharedSelection } from '@aposta/contract';
import { emptySlip, type SlipLeg, type SlipState, toggleLeg } from '../logic/slip-rules';

/** What opening a shared slip puts on the bet slip, and what it leaves out and why (pure; tested). */
export interface SlipFill {
  state: SlipState;
  /** Selection id → why it is not on the slip. */
  left: Map<number, 'suspended' | 'settled' | 'sameMatch' | 'shopLimit'>;
}

export const legOf = (selection: SharedSelection): SlipLeg => ({
  selectionId: selection.selectionId,
  matchId: selection.matchId,
  marketId: selection.marketId,
  sport: selection.sport,
  home: selection.home,
  away: selection.away,
  type: selection.type,
  period: selection.period,
  line: selection.line,
  outcome: selection.outcome,
  odds: selection.odds,
});

/**
 * The open selections go on a fresh slip at their current odds (a single, or a parlay from two matches on);
 * suspended and settled ones are left out and marked, as are picks the slip's rules refuse (a second pick of
 * one match, past the parlay limit).
 */
export function fillFromShared(selections: readonly SharedSelection[]): SlipFill {
  let state: SlipState = emptySlip;
  const left: SlipFill['left'] = new Map();
  for (const selection of selections) {
    if (selection.status !== 'open') {
      left.set(selection.selectionId, selection.status);
      continue;
    }
    const change = toggleLeg(
      state.legs.length === 1 ? { mode: 'parlay', legs: state.legs } : state,
      legOf(selection),
    );
    if (change.refusal) left.set(selection.selectionId, change.refusal);
    else state = change.state;
  }
  if (state.legs.length === 1) state = { mode: 'single', legs: state.legs };
  return { state, left };
}
