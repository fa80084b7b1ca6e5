import type { MatchEventPayload, TrackerAnswer } from '@aposta/contract';
import { queryClient } from '../../../lib/query-client';
import { trackerQueryKey } from './api';
import { applyMatchEvent } from './tracker-logic';

// Socket `matchEvent` (api-contract section 19): folded into the tracker's query when that match's tracker is
// loaded (the page open); otherwise nothing to do, the page fetches the whole tracker when it opens.

const kinds = new Set(['goal', 'card', 'corner', 'danger', 'shot']);

function isMatchEvent(payload: unknown): payload is MatchEventPayload {
  const event = payload as Partial<MatchEventPayload> | null;
  return (
    Number.isInteger(event?.matchId) &&
    Number.isInteger(event?.minute) &&
    kinds.has(String(event?.kind)) &&
    (event?.side === 'home' || event?.side === 'away' || event?.side === null)
  );
}

export const trackerEventHandlers = {
  matchEvent(payload: unknown) {
    if (!isMatchEvent(payload)) return;
    const { matchId, ...event } = payload;
    const key = trackerQueryKey(matchId);
    const tracker = queryClient.getQueryData<TrackerAnswer>(key);
    if (tracker) queryClient.setQueryData(key, applyMatchEvent(tracker, event));
  },
};
