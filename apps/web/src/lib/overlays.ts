import { create } from 'zustand';

// Every overlay of the app has a slot name. Features open overlays by name through this store,
// so a feature never imports another feature's component; app/overlays renders the slots.
export type OverlayName =
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'changePassword'
  | 'settings'
  | 'myPanel'
  | 'support'
  | 'testAccount'
  | 'increase'
  | 'deposit'
  | 'withdraw'
  | 'editBank'
  | 'gameDeposit'
  | 'secondDeposit'
  | 'award'
  | 'startMask'
  | 'completeRegistration'
  | 'faceRecheck';

export const overlayNames: readonly OverlayName[] = [
  'login',
  'register',
  'forgotPassword',
  'changePassword',
  'settings',
  'myPanel',
  'support',
  'testAccount',
  'increase',
  'deposit',
  'withdraw',
  'editBank',
  'gameDeposit',
  'secondDeposit',
  'award',
  'startMask',
  'completeRegistration',
  'faceRecheck',
];

interface OverlayState {
  open: Partial<Record<OverlayName, true>>;
  openOverlay(name: OverlayName): void;
  closeOverlay(name: OverlayName): void;
  closeOverlays(names: readonly OverlayName[]): void;
  closeAll(): void;
}

// login and register are the two tabs of one popup: opening one closes the other.
const exclusive: Partial<Record<OverlayName, OverlayName>> = { login: 'register', register: 'login' };

export const useOverlays = create<OverlayState>((set) => ({
  open: {},
  openOverlay(name) {
    set((state) => {
      const open = { ...state.open, [name]: true as const };
      const other = exclusive[name];
      if (other) delete open[other];
      return { open };
    });
  },
  closeOverlay(name) {
    set((state) => {
      if (!state.open[name]) return state;
      const open = { ...state.open };
      delete open[name];
      return { open };
    });
  },
  closeOverlays(names) {
    set((state) => {
      const open = { ...state.open };
      for (const name of names) delete open[name];
      return { open };
    });
  },
  closeAll: () => set({ open: {} }),
}));

export const openOverlay = (name: OverlayName) => useOverlays.getState().openOverlay(name);
export const closeOverlay = (name: OverlayName) => useOverlays.getState().closeOverlay(name);
export const closeOverlays = (names: readonly OverlayName[]) => useOverlays.getState().closeOverlays(names);

export function useOverlayOpen(name: OverlayName): boolean {
  return useOverlays((state) => state.open[name] === true);
}
