import type { ActivitySummary, NoticesAnswer } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// Home's engagement calls (api-contract.md section 13): running activities for the carousel, the enabled
// notices for the banner, and whether an award waits (the award popup).
const quiet = { silent: true, loading: false } as const;

export type ActivityCard = ActivitySummary;
export type LoadedNotice = NoticesAnswer[number];

export const noticesQueryKey = ['main', 'notices'] as const;

export function useActivities() {
  return useQuery({
    queryKey: ['activities', 'running'],
    queryFn: () => playerApi('GET /api/app/activities', quiet),
    staleTime: 5 * 60_000,
  });
}

export function useNotices() {
  return useQuery({
    queryKey: noticesQueryKey,
    queryFn: () => playerApi('GET /api/app/main/notices', quiet),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/app/main/userGift: 1 when an award is waiting. Errors are swallowed: no popup. */
export async function awardWaiting(): Promise<boolean> {
  try {
    return (await playerApi('GET /api/app/main/userGift', quiet)) === 1;
  } catch {
    return false;
  }
}
