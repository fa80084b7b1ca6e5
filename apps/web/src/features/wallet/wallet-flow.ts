import { create } from 'zustand';
import type { PricePackage } from '../../lib/user-info';
import type { LowBalanceDismissal } from './packages';

// How the wallet overlays hand over to each other (small client state, never server data): the offer
// that preselects a package on the deposit page, and where the KYC form returns after it is sent.
export type KycReturn = 'deposit' | 'gameDeposit' | 'withdraw';

interface WalletFlowState {
  /** Chosen in the second-deposit offer; the deposit page preselects it once. */
  offeredPkgId: PricePackage['pkgId'] | undefined;
  /** The overlay the KYC form returns to after a successful submit. */
  kycReturnTo: KycReturn | undefined;
  /** When and at what balance the player last closed the low-balance offer. */
  lowBalanceDismissed: LowBalanceDismissal | undefined;
}

export const useWalletFlow = create<WalletFlowState>(() => ({
  offeredPkgId: undefined,
  kycReturnTo: undefined,
  lowBalanceDismissed: undefined,
}));
