import { create } from 'zustand';
import type { PricePackage } from '../../lib/user-info';
import type { LowBalanceDismissal } from './packages';

// How the wallet overlays hand over to each other (small client state, never server data): the offer
// that preselects a package on the deposit page (where the identity form returns is lib/identity-flow.ts).

interface WalletFlowState {
  /** Chosen in the second-deposit offer; the deposit page preselects it once. */
  offeredPkgId: PricePackage['pkgId'] | undefined;
  /** When and at what balance the player last closed the low-balance offer. */
  lowBalanceDismissed: LowBalanceDismissal | undefined;
}

export const useWalletFlow = create<WalletFlowState>(() => ({
  offeredPkgId: undefined,
  lowBalanceDismissed: undefined,
}));
