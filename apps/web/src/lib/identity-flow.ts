import { create } from 'zustand';
import type { OverlayName } from './overlays';

// Where the identity form (slot editBank, features/identity) returns after a successful submit: the overlay that
// sent the player there (the deposit, the low-balance offer, the withdrawal). Small client state, never server data.
interface IdentityFlowState {
  returnTo: OverlayName | undefined;
}

export const useIdentityFlow = create<IdentityFlowState>(() => ({ returnTo: undefined }));
