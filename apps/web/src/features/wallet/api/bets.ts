import { useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';
import { mergeBets, type SlotRoundRecord } from '../bet-records';

// The bets beside the money records: GET /api/app/game/bets (every in-house game) and
// GET /api/app/sports/bets (open and settled) and GET /api/app/game/slotRounds, the newest of each, merged.
export const betLinesMax = 30;
const quiet = { silent: true, loading: false } as const;

/** The slots' rounds: a failure fails the list like the other two (a list missing its slots would mislead). */
async function fetchSlotRounds(): Promise<SlotRoundRecord[]> {
  const answer = await playerApi('GET /api/app/game/slotRounds', {
    ...quiet,
    query: { page: 1, size: betLinesMax },
  });
  return answer.records;
}

async function fetchBetLines() {
  const [games, open, settled, slots] = await Promise.all([
    playerApi('GET /api/app/game/bets', { ...quiet, query: { page: 1, size: betLinesMax } }),
    playerApi('GET /api/app/sports/bets', {
      ...quiet,
      query: { status: 'open', page: 1, size: betLinesMax },
    }),
    playerApi('GET /api/app/sports/bets', {
      ...quiet,
      query: { status: 'settled', page: 1, size: betLinesMax },
    }),
    fetchSlotRounds(),
  ]);
  return mergeBets(games.records, [...open.records, ...settled.records], betLinesMax, slots);
}

export function useBetLines(enabled: boolean) {
  return useQuery({ queryKey: ['user', 'wallet', 'bets'], queryFn: fetchBetLines, enabled, staleTime: 0 });
}
