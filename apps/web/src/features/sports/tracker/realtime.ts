import type { MatchEventPayload, TrackerAnswer } from '@aposta/contract';
import { queryClient } from '../../../lib/query-client';
import { trackerQueryKey, trackerQueryScope } from './api';
import { holdEvent } from './held-events';
import { foldMatchEvents } from './tracker-logic';

// Socket `matchEvent` (api-contract section 19), folded into the tracker's query when that match's tracker is
// loaded (the page open); otherwise nothing to do, the page fetches the whole tracker when it opens. Nothing
// pushed may be lost or counted twice (decision 0064): an event that arrives while the tracker is being fetched
// waits for the answer (held-events.ts, the fetch folds what it did not read); a missing number fetches again;
// and every (re)connection of the socket fetches the open trackers again, for what was pushed while the page
// was not subscribed.

const kinds = new Set(['goal', 'card', 'corner', 'danger', 'shot']);

function isMatchEvent(payload: unknown): payload is MatchEventPayload {
  const event = payload as Partial<MatchEventPayload> | null;
  return (
    Number.isInteger(event?.matchId) &&
    Number.isInteger(event?.minute) &&
    kinds.has(String(event?.kind)) &&
    (event?.side === 'home' || event?.side === 'away' || event?.side === null) &&
    (event?.seq === undefined || Number.isInteger(event.seq))
  );
}

export const trackerEventHandlers = {
  matchEvent(payload: unknown) {
    if (!isMatchEvent(payload)) return;
    const { matchId, ...event } = payload;
    const key = trackerQueryKey(matchId);
    const state = queryClient.getQueryState<TrackerAnswer>(key);
    if (!state) return;
    if (!state.data || state.fetchStatus === 'fetching') {
      holdEvent(matchId, event);
      return;
    }
    const folded = foldMatchEvents(state.data, [event]);
    if (folded.tracker !== state.data) queryClient.setQueryData(key, folded.tracker);
    if (folded.gap) {
      holdEvent(matchId, event);
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  },
  /** socket.io's own event, on the first connection and on every reconnection. */
  connect() {
    void queryClient.invalidateQueries({ queryKey: trackerQueryScope });
  },
};
