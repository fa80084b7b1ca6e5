import type { TrackerKind } from '@aposta/contract';

/** What a feed hands the tracker with a match update (decision 0064). */
export interface FeedMatchEvent {
  /** Unique within the match, at most 64 characters: a repeated delivery is recognised by it. */
  key: string;
  minute: number;
  kind: TrackerKind;
  side: 'home' | 'away' | null;
  detail?: 'yellow' | 'red';
}

export interface FeedTrackerUpdate {
  events: FeedMatchEvent[];
  /** Home's share of the ball in percent, when the feed reports it. */
  possessionHome?: number | undefined;
}
