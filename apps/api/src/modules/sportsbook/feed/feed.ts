import type {
  MarketPeriod,
  MarketType,
  Outcome,
  OutrightMarketType,
  Score,
  ScoreDetail,
  SportCode,
} from '@aposta/sports';
import type { FeedTrackerUpdate } from '../tracker.types.ts';

/**
 * What an odds provider plugs into. The runner (feed.runner.ts) polls a feed every tick with the feed's matches
 * that have not ended, as stored, and applies what comes back: new fixtures, match states and whole boards of
 * markets. A push-based provider (websocket, webhooks) buffers its messages and hands them over on `poll`.
 * Everything a feed sends is applied idempotently: a fixture is keyed by (feed name, externalId); a state or a
 * board that did not change writes nothing.
 */
export interface SportsFeed {
  /** Stored in `sports_matches.feed`: [a-z0-9_]{1,20}. */
  readonly name: string;
  poll(now: Date, running: readonly RunningFeedMatch[]): FeedBatch | Promise<FeedBatch>;
}

export interface FeedBatch {
  fixtures: FeedFixture[];
  updates: FeedUpdate[];
}

export interface FeedFixture {
  externalId: string;
  sport: SportCode;
  league: string;
  home: string;
  away: string;
  startTime: Date;
  /** Kept on the match for the feed (the simulated feed keeps its seed and model). */
  meta: unknown;
  markets: FeedMarket[];
  /** An outright event (racing): its runners; its markets' outcomes are runner ids. */
  runners?: { id: string; name: string }[];
}

export interface FeedMarket {
  type: MarketType | OutrightMarketType;
  period: MarketPeriod;
  /** The line in quarters (exact), null for winAlone and oddEven. */
  lineQuarters: number | null;
  isMain: boolean;
  status: 'open' | 'suspended' | 'closed';
  /** An outcome code, or a runner id on an outright market. */
  selections: { outcome: Outcome | string; oddsMilli: number }[];
}

export interface FeedState {
  period: number;
  score: Score;
  halfTimeScore: Score | null;
  corners: Score | null;
  halfTimeCorners: Score | null;
  scoreAfterOvertime: Score | null;
  winner: 'home' | 'away' | 'draw' | null;
  /** The score in the sport's own units, when the feed knows it. */
  scoreDetail?: ScoreDetail | null;
}

export interface FeedUpdate {
  externalId: string;
  state?: FeedState;
  /** The whole board: a stored market missing from it is suspended. */
  markets?: FeedMarket[];
  /** Match events for the live tracker (decision 0064), stored with the state and pushed after the commit. */
  tracker?: FeedTrackerUpdate;
}

/** A feed's match as stored, handed back to the feed on every poll. */
export interface RunningFeedMatch {
  id: bigint;
  externalId: string;
  sport: SportCode;
  startTime: Date;
  period: number;
  meta: unknown;
}
