import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { queryClient } from '../../../lib/query-client';
import { isRoundStale, staleRoundGraceMs } from '../logic/countdown';

/**
 * The socket says when a round changes phase; if it is silent (reconnecting, a missed event), the
 * page asks the server once the deadline has passed by a grace period, and keeps asking each second.
 */
export function useStaleRoundRefetch(
  queryKey: QueryKey,
  endsAt: number | undefined,
  updatedAt: number,
): void {
  const keyText = JSON.stringify(queryKey);
  const key = useRef(queryKey);
  key.current = queryKey;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each fetch (updatedAt) re-arms the timer while the state is stale.
  useEffect(() => {
    if (endsAt === undefined || keyText === '') return;
    const delay = isRoundStale(endsAt, Date.now()) ? 1000 : endsAt + staleRoundGraceMs + 50 - Date.now();
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: key.current }),
      Math.max(1000, delay),
    );
    return () => clearTimeout(timer);
  }, [keyText, endsAt, updatedAt]);
}
