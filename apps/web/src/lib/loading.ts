import { create } from 'zustand';

// The global loading indicator: a counter, so overlapping requests do not switch it off early.
interface LoadingState {
  pending: number;
  start(): void;
  stop(): void;
}

export const useLoading = create<LoadingState>((set) => ({
  pending: 0,
  start: () => set((state) => ({ pending: state.pending + 1 })),
  stop: () => set((state) => ({ pending: Math.max(0, state.pending - 1) })),
}));
