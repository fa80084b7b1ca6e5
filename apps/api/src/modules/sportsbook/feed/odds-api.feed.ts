import { type SportCode, sportTraits } from '@aposta/sports';
import type { OddsApiOptions } from '../../../config/sportsbook.config.ts';
import type { FeedBatch, FeedFixture, FeedMarket, FeedUpdate, RunningFeedMatch, SportsFeed } from './feed.ts';

/**
 * The Odds API (v4, JSON over HTTPS; docs/providers/the-odds-api.md): fixtures and prices from
 * `/v4/sports/{sport}/odds` (h2h, spreads, totals; decimal odds from many bookmakers), results from
 * `/v4/sports/{sport}/scores`. Polled every `pollSeconds` (the runner ticks faster; the quota is per request),
 * and not at all once `x-requests-remaining` falls to `reserveRequests`, until the free `/v4/sports` (asked every
 * 15 minutes meanwhile) says the quota was renewed.
 *
 * Mapping: h2h → winAlone (football three-way with the provider's "Draw"; elsewhere a two-way moneyline), spreads
 * → handicap on the home side's point, totals → total; only lines in quarters. Each outcome's price is the
 * median over the bookmakers whose market was updated within `staleSeconds`, floored to two decimals; a market
 * with a side no fresh bookmaker prices is suspended. A finished event (`completed`) settles on its final score; a running
 * event that has started (within the scores window) and is in neither answer in two polls running was taken off
 * (cancelled or postponed): period −10 voids its bets. Only when both answers for its sport arrived: a skipped
 * request (quota at the reserve) or a failed one says nothing about the event.
 */
export const ODDS_API_FEED = 'theodds';

interface ApiOutcome {
  name: string;
  price: number;
  point?: number;
}
interface ApiMarket {
  key: string;
  last_update: string;
  outcomes: ApiOutcome[];
}
interface ApiEvent {
  id: string;
  sport_key: string;
  sport_title: string;
  commence_time: string;
  home_team: string;
  away_team: string;
  bookmakers?: { key: string; last_update: string; markets: ApiMarket[] }[];
}
interface ApiScore {
  id: string;
  completed: boolean;
  home_team: string;
  away_team: string;
  scores: { name: string; score: string }[] | null;
}

const sportPrefixes: readonly [string, SportCode][] = [
  ['soccer_', 'football'],
  ['basketball_', 'basketball'],
  ['tennis_', 'tennis'],
  ['americanfootball_', 'americanFootball'],
  ['baseball_', 'baseball'],
  ['cricket_', 'cricket'],
  ['boxing_', 'boxing'],
];

export function sportOfKey(key: string): SportCode | null {
  return sportPrefixes.find(([prefix]) => key.startsWith(prefix))?.[1] ?? null;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Decimal odds → thousandths, floored to two decimals, at least 1.01. */
const toMilli = (price: number) => Math.max(1010, Math.floor(price * 100 + 1e-9) * 10);

type Side = 'home' | 'away' | 'draw' | 'over' | 'under';

/** The board of one event, from every bookmaker's markets. */
export function boardOf(event: ApiEvent, sport: SportCode, now: number, staleSeconds: number): FeedMarket[] {
  // key → outcome → every bookmaker's price, and the fresh ones apart (only those make an open market's price)
  const prices = new Map<
    string,
    { type: FeedMarket['type']; line: number | null; by: Map<Side, number[]>; freshBy: Map<Side, number[]> }
  >();
  for (const bookmaker of event.bookmakers ?? []) {
    for (const market of bookmaker.markets) {
      const fresh = now - Date.parse(market.last_update) <= staleSeconds * 1000;
      for (const outcome of market.outcomes) {
        let side: Side | null = null;
        let line: number | null = null;
        let type: FeedMarket['type'];
        if (market.key === 'h2h') {
          type = 'winAlone';
          side =
            outcome.name === event.home_team
              ? 'home'
              : outcome.name === event.away_team
                ? 'away'
                : outcome.name === 'Draw'
                  ? 'draw'
                  : null;
        } else if (market.key === 'spreads') {
          type = 'handicap';
          side = outcome.name === event.home_team ? 'home' : outcome.name === event.away_team ? 'away' : null;
          // The market's line is the home side's handicap.
          line = outcome.point === undefined ? null : side === 'home' ? outcome.point : -outcome.point;
        } else if (market.key === 'totals') {
          type = 'total';
          side = outcome.name === 'Over' ? 'over' : outcome.name === 'Under' ? 'under' : null;
          line = outcome.point ?? null;
        } else continue;
        if (!side || !(outcome.price > 1)) continue;
        if (type !== 'winAlone' && (line === null || !Number.isInteger(line * 4))) continue;
        const key = `${type}|${line}`;
        const entry = prices.get(key) ?? { type, line, by: new Map(), freshBy: new Map() };
        entry.by.set(side, [...(entry.by.get(side) ?? []), outcome.price]);
        if (fresh) entry.freshBy.set(side, [...(entry.freshBy.get(side) ?? []), outcome.price]);
        prices.set(key, entry);
      }
    }
  }
  const threeWay = sportTraits[sport].drawPossible;
  const board: FeedMarket[] = [];
  // The line most bookmakers quote is the main one of its type.
  const mainOf = new Map<string, string>();
  for (const [key, entry] of prices) {
    const count = Math.min(...[...entry.by.values()].map((list) => list.length));
    const current = mainOf.get(entry.type);
    const currentCount = current
      ? Math.min(...[...prices.get(current)!.by.values()].map((l) => l.length))
      : -1;
    if (count > currentCount) mainOf.set(entry.type, key);
  }
  for (const [key, entry] of prices) {
    const sides: Side[] =
      entry.type === 'winAlone'
        ? threeWay
          ? ['home', 'draw', 'away']
          : ['home', 'away']
        : entry.type === 'total'
          ? ['over', 'under']
          : ['home', 'away'];
    if (!sides.every((side) => entry.by.has(side))) continue;
    if (entry.type === 'winAlone' && !threeWay && entry.by.has('draw')) continue;
    // Open only when every side has a fresh price, priced from fresh ones alone; otherwise suspended, showing the
    // last prices known.
    const fresh = sides.every((side) => entry.freshBy.has(side));
    const from = fresh ? entry.freshBy : entry.by;
    board.push({
      type: entry.type,
      period: 'full',
      lineQuarters: entry.line === null ? null : entry.line * 4,
      isMain: entry.type === 'winAlone' || mainOf.get(entry.type) === key,
      status: fresh ? 'open' : 'suspended',
      selections: sides.map((side) => ({ outcome: side, oddsMilli: toMilli(median(from.get(side)!)) })),
    });
  }
  return board;
}

/** /scores looks back this many days (the provider's most); an event started earlier is never inferred off. */
const SCORES_DAYS = 3;
/** Polls in a row an event must be missing from both answers before it counts as taken off. */
const MISSING_POLLS = 2;
/** At the reserve, how often to ask the free `/v4/sports` whether the quota was renewed. */
const QUOTA_PROBE_MS = 15 * 60_000;

/**
 * The provider's HTTP calls, watching the quota each answer reports. At the reserve nothing is asked, except now
 * and then the list of sports, which costs nothing against the quota and says what is left: once the provider
 * renews the quota, polling resumes by itself.
 */
function oddsApiClient(options: OddsApiOptions, fetcher: typeof fetch) {
  let remaining = Number.POSITIVE_INFINITY;
  let lastProbe = Number.NEGATIVE_INFINITY;

  const request = async (path: string, query: Record<string, string>) => {
    const url = new URL(path, options.baseUrl);
    for (const [name, value] of Object.entries({ apiKey: options.apiKey, ...query }))
      url.searchParams.set(name, value);
    const response = await fetcher(url);
    const left = Number(response.headers.get('x-requests-remaining'));
    if (response.headers.has('x-requests-remaining') && Number.isFinite(left)) remaining = left;
    return response;
  };

  async function quotaLeft(clock: number): Promise<boolean> {
    if (remaining > options.reserveRequests) return true;
    if (clock - lastProbe < QUOTA_PROBE_MS) return false;
    lastProbe = clock;
    await request('/v4/sports', {}).catch(() => undefined);
    return remaining > options.reserveRequests;
  }

  /** The answer, or null when the quota is at its reserve. */
  return async function get<T>(
    clock: number,
    path: string,
    query: Record<string, string>,
  ): Promise<T | null> {
    if (!(await quotaLeft(clock))) return null;
    const response = await request(path, query);
    if (!response.ok) throw new Error(`the odds api: ${response.status} on ${path}`);
    return (await response.json()) as T;
  };
}

export function oddsApiFeed(options: OddsApiOptions, fetcher: typeof fetch = fetch): SportsFeed {
  let lastPoll = Number.NEGATIVE_INFINITY;
  // external id → polls in a row it was missing from both answers
  const missing = new Map<string, number>();
  const get = oddsApiClient(options, fetcher);

  return {
    name: ODDS_API_FEED,
    async poll(at: Date, running: readonly RunningFeedMatch[]): Promise<FeedBatch> {
      const now = at.getTime();
      if (now - lastPoll < options.pollSeconds * 1000) return { fixtures: [], updates: [] };
      lastPoll = now;
      const known = new Map(running.map((match) => [match.externalId, match]));
      for (const id of missing.keys()) if (!known.has(id)) missing.delete(id);
      const batch: PollBatch = { fixtures: [], updates: new Map(), seen: new Set() };
      for (const sportKey of options.sports) {
        const sport = sportOfKey(sportKey);
        if (!sport) continue;
        const events = await get<ApiEvent[]>(now, `/v4/sports/${sportKey}/odds`, {
          regions: options.regions,
          markets: 'h2h,spreads,totals',
          oddsFormat: 'decimal',
          dateFormat: 'iso',
        });
        for (const event of events ?? []) addEvent(batch, event, { sport, sportKey, known, now, options });
        const started = running.filter(
          (match) =>
            match.startTime.getTime() <= now && (match.meta as { sportKey?: string })?.sportKey === sportKey,
        );
        if (started.length === 0) continue;
        const scores = await get<ApiScore[]>(now, `/v4/sports/${sportKey}/scores`, {
          daysFrom: String(SCORES_DAYS),
          dateFormat: 'iso',
        });
        for (const score of scores ?? []) addScore(batch, score, sport, known);
        // A missing answer (quota, error) proves nothing.
        if (events === null || scores === null) continue;
        closeTakenOff(batch, started, missing, now);
      }
      return { fixtures: batch.fixtures, updates: [...batch.updates.values()] };
    },
  };
}

interface PollBatch {
  fixtures: FeedFixture[];
  updates: Map<string, FeedUpdate>;
  /** External ids in either answer of this poll. */
  seen: Set<string>;
}

/** An event of /odds: a new fixture, or the board of a match we run. */
function addEvent(
  batch: PollBatch,
  event: ApiEvent,
  at: {
    sport: SportCode;
    sportKey: string;
    known: ReadonlyMap<string, RunningFeedMatch>;
    now: number;
    options: OddsApiOptions;
  },
) {
  batch.seen.add(event.id);
  const markets = boardOf(event, at.sport, at.now, at.options.staleSeconds);
  if (at.known.has(event.id)) batch.updates.set(event.id, { externalId: event.id, markets });
  else if (event.home_team !== event.away_team) {
    batch.fixtures.push({
      externalId: event.id,
      sport: at.sport,
      league: event.sport_title,
      home: event.home_team,
      away: event.away_team,
      startTime: new Date(event.commence_time),
      meta: { sportKey: at.sportKey },
      markets,
    });
  }
}

/** A score of /scores for a match we run: its state, finished or in play. */
function addScore(
  batch: PollBatch,
  score: ApiScore,
  sport: SportCode,
  known: ReadonlyMap<string, RunningFeedMatch>,
) {
  if (!known.get(score.id)) return;
  batch.seen.add(score.id);
  if (!score.scores) return;
  const of = (team: string) => Number(score.scores!.find((entry) => entry.name === team)?.score ?? 0);
  const result = { home: of(score.home_team), away: of(score.away_team) };
  const winner =
    score.completed && !sportTraits[sport].winnerFromScore
      ? result.home > result.away
        ? 'home'
        : result.home < result.away
          ? 'away'
          : 'draw'
      : null;
  const update = batch.updates.get(score.id) ?? { externalId: score.id };
  update.state = {
    period: score.completed ? -1 : 1,
    score: result,
    halfTimeScore: null,
    corners: null,
    halfTimeCorners: null,
    scoreAfterOvertime: null,
    winner,
  };
  batch.updates.set(score.id, update);
}

/**
 * Started, and in neither answer twice running: the provider took it off (period -10). /scores does not list
 * events older than its window, so those are left alone.
 */
function closeTakenOff(
  batch: PollBatch,
  started: readonly RunningFeedMatch[],
  missing: Map<string, number>,
  now: number,
) {
  for (const match of started) {
    if (batch.seen.has(match.externalId)) {
      missing.delete(match.externalId);
      continue;
    }
    if (match.startTime.getTime() <= now - SCORES_DAYS * 86_400_000) continue;
    const count = (missing.get(match.externalId) ?? 0) + 1;
    missing.set(match.externalId, count);
    if (count < MISSING_POLLS) continue;
    missing.delete(match.externalId);
    batch.updates.set(match.externalId, {
      externalId: match.externalId,
      state: {
        period: -10,
        score: { home: 0, away: 0 },
        halfTimeScore: null,
        corners: null,
        halfTimeCorners: null,
        scoreAfterOvertime: null,
        winner: null,
      },
    });
  }
}
