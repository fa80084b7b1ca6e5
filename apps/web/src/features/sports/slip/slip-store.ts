import type { AcceptOdds } from '@aposta/contract';
import { create } from 'zustand';
import {
  acceptNewOdds,
  chooseMode,
  emptySlip,
  removeLeg,
  type SlipLeg,
  type SlipMode,
  type SlipRefusal,
  type SlipState,
  toggleLeg,
} from '../logic/slip-rules';

// The bet slip: what the player picked and means to stake. Client state, so a small store; the odds
// the legs show live come from the query cache (slip/use-live-selection.ts), the odds here are the ones
// the player agreed to and sends.

interface SlipStore extends SlipState {
  /** As typed, already cleaned (logic/stake.ts). */
  stakeText: string;
  /** Default 'better': a price that moved in the player's favour is taken, a worse one is asked about. */
  acceptOdds: AcceptOdds;
  sheetOpen: boolean;
  toggle(leg: SlipLeg): SlipRefusal | undefined;
  remove(selectionId: number): void;
  clear(): void;
  setMode(mode: SlipMode): void;
  setStakeText(text: string): void;
  setAcceptOdds(acceptOdds: AcceptOdds): void;
  takeOdds(odds: readonly { selectionId: number; odds: number }[]): void;
  setSheetOpen(open: boolean): void;
}

const legsOf = (state: SlipStore): SlipState => ({ mode: state.mode, legs: state.legs });

export const useSlip = create<SlipStore>((set, get) => ({
  ...emptySlip,
  stakeText: '',
  acceptOdds: 'better',
  sheetOpen: false,
  toggle(leg) {
    const change = toggleLeg(legsOf(get()), leg);
    if (!change.refusal) set(change.state);
    return change.refusal;
  },
  remove: (selectionId) => set((state) => removeLeg(legsOf(state), selectionId)),
  clear: () => set({ ...emptySlip, sheetOpen: false }),
  setMode: (mode) => set((state) => chooseMode(legsOf(state), mode)),
  setStakeText: (stakeText) => set({ stakeText }),
  setAcceptOdds: (acceptOdds) => set({ acceptOdds }),
  takeOdds: (odds) => set((state) => acceptNewOdds(legsOf(state), odds)),
  setSheetOpen: (sheetOpen) => set({ sheetOpen }),
}));

export function useIsPicked(selectionId: number): boolean {
  return useSlip((state) => state.legs.some((leg) => leg.selectionId === selectionId));
}
