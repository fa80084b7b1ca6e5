import { create } from 'zustand';

// Client-side state pushed by the socket that is not server data in the cache sense:
// the latest notice to show and the latest bet-increase event.
export interface Notice {
  id: number | string;
  title: string;
  content: string;
}

export interface BetIncrease {
  bouns: number;
  amount: number;
}

interface RealtimeState {
  notice: Notice | null;
  betIncrease: BetIncrease | null;
  setNotice(notice: Notice | null): void;
  setBetIncrease(event: BetIncrease | null): void;
}

export const useRealtime = create<RealtimeState>((set) => ({
  notice: null,
  betIncrease: null,
  setNotice: (notice) => set({ notice }),
  setBetIncrease: (betIncrease) => set({ betIncrease }),
}));
