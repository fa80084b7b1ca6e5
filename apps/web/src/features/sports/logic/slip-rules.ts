// The bet slip's rules, pure so they are unit tested (the zustand store in slip/ only holds the result).
//
// - Single: one selection; tapping another selection of the same match replaces it, tapping one of
//   another match turns the slip into a parlay (what a player picking two matches means).
// - Parlay: one leg per match ('current gameplay not available for purchase' otherwise) and at most
//   `parlayLegsMax` legs ('The parlay has reached the limit'); it can be placed with 2 legs or more.
// - Tapping a selection already on the slip takes it off.

/** The server's default limit (SPORTSBOOK_PARLAY_MAX_LEGS); the server checks it again. */
export const parlayLegsMax = 10;

export type SlipMode = 'single' | 'parlay';

export interface SlipLeg {
  selectionId: number;
  matchId: number;
  marketId: number;
  sport: string;
  home: string;
  away: string;
  type: string;
  period: string;
  line: number | null;
  outcome: string;
  /** Racing: the runner's name (the outcome is the runner's id). */
  runner?: string;
  /** The odds the player agreed to: what is sent with the bet. */
  odds: number;
}

export interface SlipState {
  mode: SlipMode;
  legs: SlipLeg[];
}

/** Why a tap did not change the slip: the spec's message keys (sports:errors.*). */
export type SlipRefusal = 'sameMatch' | 'shopLimit';

export interface SlipChange {
  state: SlipState;
  refusal?: SlipRefusal;
}

export const emptySlip: SlipState = { mode: 'single', legs: [] };

export function toggleLeg(state: SlipState, leg: SlipLeg, legsMax = parlayLegsMax): SlipChange {
  if (state.legs.some((existing) => existing.selectionId === leg.selectionId)) {
    return { state: removeLeg(state, leg.selectionId) };
  }
  const sameMatch = state.legs.find((existing) => existing.matchId === leg.matchId);
  if (state.mode === 'single') {
    if (state.legs.length === 0 || sameMatch) return { state: { mode: 'single', legs: [leg] } };
    return addParlayLeg({ mode: 'parlay', legs: state.legs }, leg, legsMax);
  }
  return addParlayLeg(state, leg, legsMax);
}

function addParlayLeg(state: SlipState, leg: SlipLeg, legsMax: number): SlipChange {
  if (state.legs.some((existing) => existing.matchId === leg.matchId)) {
    return { state, refusal: 'sameMatch' };
  }
  if (state.legs.length >= legsMax) return { state, refusal: 'shopLimit' };
  const legs = [...state.legs, leg];
  return { state: { mode: 'parlay', legs } };
}

export function removeLeg(state: SlipState, selectionId: number): SlipState {
  const legs = state.legs.filter((leg) => leg.selectionId !== selectionId);
  if (legs.length === state.legs.length) return state;
  // A parlay that lost its second-last leg becomes a single again: it could not be placed otherwise.
  return { mode: legs.length <= 1 ? 'single' : state.mode, legs };
}

/**
 * The player chose a bet type. Parlay is always allowed (the next picks add legs); single is only
 * possible with one selection or none, since a single bet has exactly one.
 */
export function chooseMode(state: SlipState, mode: SlipMode): SlipState {
  if (mode === state.mode) return state;
  if (mode === 'single' && state.legs.length > 1) return state;
  return { ...state, mode };
}

/** Why the slip cannot be placed as it is, or undefined when it can. */
export function slipBlocker(state: SlipState): 'empty' | 'parlayNeedsTwo' | undefined {
  if (state.legs.length === 0) return 'empty';
  if (state.mode === 'parlay' && state.legs.length < 2) return 'parlayNeedsTwo';
  return undefined;
}

/** Takes the server's current odds (a 409 'odds changed' answer) as the odds the player agrees to. */
export function acceptNewOdds(
  state: SlipState,
  odds: readonly { selectionId: number; odds: number }[],
): SlipState {
  const byId = new Map(odds.map((entry) => [entry.selectionId, entry.odds]));
  let changed = false;
  const legs = state.legs.map((leg) => {
    const next = byId.get(leg.selectionId);
    if (next === undefined || next === leg.odds) return leg;
    changed = true;
    return { ...leg, odds: next };
  });
  return changed ? { ...state, legs } : state;
}
