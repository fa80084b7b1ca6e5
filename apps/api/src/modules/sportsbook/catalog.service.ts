import {
  isLineMarket,
  type MarketPeriod,
  type MarketType,
  matchPeriod,
  oddsMilliFromDecimal,
  offersMarket,
  outcomesByMarketType,
  type SportCode,
  sportTraits,
  toQuarters,
} from '@aposta/sports';
import type { AppContext } from '../../app-context.ts';
import type { MarketStatus } from '../../db/schema.sportsbook.ts';
import type { Tx } from '../../db/tx.ts';
import { invalidInput, notFound } from '../../lib/domain-error.ts';
import { scheduleJob } from '../jobs/jobs.service.ts';
import {
  countMatchesBySport,
  ensureLeague,
  findMatch,
  insertMatch,
  listOpenMatches,
  lockMatch,
  type MatchStateWrite,
  updateMatchState,
} from './catalog.repository.ts';
import { scheduleEarlyPayout } from './early-payout.schedule.ts';
import {
  closeMarkets,
  findMarketMatchId,
  findMarkets,
  insertMarkets,
  type NewMarket,
  updateMarketStatus,
} from './markets.repository.ts';
import { isMainMarket, presentMarket, presentMatchDetail, presentMatchSummary } from './present.ts';
import type { SportsbookEvents } from './sportsbook.events.ts';
import { emitMatchEvents, recordOperatorGoals } from './tracker.service.ts';

export const SETTLE_JOB = 'sportsbook_settle_match';

/** Period codes after which something can be settled: half-time, the end, and every way a match stops. */
const settlingPeriods: ReadonlySet<number> = new Set([
  matchPeriod.midfield,
  matchPeriod.finished,
  matchPeriod.cancelled,
  matchPeriod.cutInHalf,
  matchPeriod.interrupted,
  matchPeriod.postponed,
]);
const endedPeriods: ReadonlySet<number> = new Set([
  matchPeriod.finished,
  matchPeriod.cancelled,
  matchPeriod.cutInHalf,
  matchPeriod.interrupted,
  matchPeriod.postponed,
]);
const afterFirstHalf: ReadonlySet<number> = new Set([2, 3, 4, 5]);

export async function listSports(ctx: AppContext) {
  return countMatchesBySport(ctx.db);
}

export async function listMatches(
  ctx: AppContext,
  query: { sport?: SportCode | undefined; live?: number | undefined; page: number; size: number },
) {
  const { rows, total } = await listOpenMatches(ctx.db, {
    sport: query.sport,
    live: query.live === 0 || query.live === 1 ? query.live : undefined,
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  const { markets, selections } = await findMarkets(
    ctx.db,
    rows.map((row) => row.id),
    { mainOnly: true },
  );
  return {
    records: rows.map((row) =>
      presentMatchSummary(
        row,
        markets
          .filter((market) => market.match_id === row.id && isMainMarket(market))
          .map((market) => presentMarket(market, selections)),
      ),
    ),
    total,
  };
}

export async function getMatch(ctx: AppContext | { db: Tx }, matchId: bigint) {
  const match = await findMatch(ctx.db, matchId);
  if (!match) throw notFound();
  const { markets, selections } = await findMarkets(ctx.db, [matchId]);
  return presentMatchDetail(match, markets, selections);
}

export interface MarketInput {
  type: string;
  period?: string | undefined;
  line?: number | null | undefined;
  includesOvertime?: boolean | undefined;
  selections: readonly { outcome: string; odds: number }[];
}

/** Checks an operator's market against the sport's rules (the pure package's vocabulary and traits). */
export function toNewMarket(sport: SportCode, input: MarketInput, index: number): NewMarket {
  const field = `markets.${index}`;
  const bad = (reason: string) => invalidInput('validation.field', { field, reason });
  const type = input.type as MarketType;
  const period = (input.period ?? 'full') as MarketPeriod;
  if (!offersMarket(sport, type, period)) throw bad(`${sport} does not offer ${type} (${period})`);
  let lineQuarters: number | null = null;
  if (isLineMarket(type)) {
    if (input.line === undefined || input.line === null) throw bad(`${type} needs a line`);
    try {
      lineQuarters = toQuarters(input.line);
    } catch {
      throw bad('line must be a multiple of 0.25');
    }
    if ((type === 'total' || type === 'cornersTotal') && lineQuarters < 0)
      throw bad('a total cannot be negative');
  } else if (input.line !== undefined && input.line !== null) {
    throw bad(`${type} has no line`);
  }
  const expected = outcomesByMarketType[type].filter(
    (outcome) => outcome !== 'draw' || sportTraits[sport].drawPossible,
  );
  const given = input.selections.map((selection) => selection.outcome);
  if (given.length !== expected.length || !expected.every((outcome) => given.includes(outcome))) {
    throw bad(`outcomes must be ${expected.join(', ')}`);
  }
  const selections = input.selections.map((selection) => {
    try {
      return { outcome: selection.outcome, oddsMilli: oddsMilliFromDecimal(selection.odds) };
    } catch {
      throw bad('odds must be a decimal above 1 with at most 3 decimals');
    }
  });
  return {
    type,
    period,
    lineQuarters,
    includesOvertime: input.includesOvertime ?? false,
    isMain: false,
    status: 'open',
    selections,
  };
}

export interface CreateMatchInput {
  sport: string;
  league: string;
  home: string;
  away: string;
  startTime: number;
  markets: readonly MarketInput[];
}

/** The back office's audit entry of an operator change, written inside the change's transaction. */
export type AuditInTransaction = (trx: Tx, matchId: bigint) => Promise<void>;

/** Operator: creates a match with its markets; the first line of each line market type is its main line. */
export async function createMatch(ctx: AppContext, input: CreateMatchInput, audit?: AuditInTransaction) {
  const sport = input.sport as SportCode;
  if (input.home.trim() === input.away.trim()) {
    throw invalidInput('validation.field', { field: 'away', reason: 'home and away must differ' });
  }
  const markets = input.markets.map((market, index) => toNewMarket(sport, market, index));
  const keys = new Set(markets.map((market) => `${market.type}|${market.period}|${market.lineQuarters}`));
  if (keys.size !== markets.length) {
    throw invalidInput('validation.field', { field: 'markets', reason: 'the same market twice' });
  }
  const seenMain = new Set<string>();
  const withMain = markets.map((market) => {
    const key = `${market.type}|${market.period}`;
    const isMain = isLineMarket(market.type as MarketType) && !seenMain.has(key);
    seenMain.add(key);
    return { ...market, isMain };
  });
  const matchId = await ctx.db.transaction().execute(async (trx) => {
    const leagueId = await ensureLeague(trx, sport, input.league.trim());
    const id = await insertMatch(trx, {
      sport,
      leagueId,
      home: input.home.trim(),
      away: input.away.trim(),
      startTime: new Date(input.startTime),
      feed: 'operator',
      externalId: null,
      feedMeta: null,
    });
    if (id === undefined) throw new Error('sportsbook: operator match was not inserted');
    await insertMarkets(trx, id, withMain);
    await audit?.(trx, id);
    return id;
  });
  return getMatch(ctx, matchId);
}

/**
 * Writes a match's state inside the caller's transaction (the match is locked): closes the markets whose period
 * is over, suspends everything while the result is to be determined, and schedules settlement (a durable job,
 * keyed by the state version) when something can settle. Returns whether market statuses changed.
 */
export async function writeMatchState(trx: Tx, matchId: bigint, state: MatchStateWrite): Promise<boolean> {
  const version = await updateMatchState(trx, matchId, state);
  await scheduleEarlyPayout(trx, matchId, version, state);
  let closed: bigint[] = [];
  if (endedPeriods.has(state.period)) closed = await closeMarkets(trx, matchId);
  else if (afterFirstHalf.has(state.period)) closed = await closeMarkets(trx, matchId, 'firstHalf');
  if (state.period === matchPeriod.toBeDetermined) await suspendOpenMarkets(trx, matchId);
  if (settlingPeriods.has(state.period)) {
    await scheduleJob(
      trx,
      SETTLE_JOB,
      { matchId: matchId.toString() },
      {
        uniqueKey: `${SETTLE_JOB}:${matchId}:${version}`,
      },
    );
  }
  return closed.length > 0 || state.period === matchPeriod.toBeDetermined;
}

/** Operator: posts a match's state and tells everyone (`matchState`, and `odds` for markets it closed). */
export async function postMatchState(
  ctx: AppContext,
  events: SportsbookEvents,
  matchId: bigint,
  state: MatchStateWrite,
  audit?: AuditInTransaction,
) {
  const { marketsChanged, goals } = await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockMatch(trx, matchId))) throw notFound();
    const before = (await findMatch(trx, matchId))!;
    const changed = await writeMatchState(trx, matchId, state);
    // An operator's football match: the goals entered are its tracker's (decision 0064).
    const goals = await recordOperatorGoals(trx, before, state);
    await audit?.(trx, matchId);
    return { marketsChanged: changed, goals };
  });
  const match = await getMatch(ctx, matchId);
  events.matchState({
    matchId: match.matchId,
    period: match.period,
    score: match.score,
    // Ours: the sport's own account, where the feed gives one (operator matches keep the contract's three fields).
    ...(match.scoreDetail && { scoreDetail: match.scoreDetail }),
  });
  emitMatchEvents(ctx, matchId, goals);
  if (marketsChanged) events.queueOdds(match.matchId, match.markets);
  return match;
}

async function suspendOpenMarkets(trx: Tx, matchId: bigint): Promise<void> {
  const { markets } = await findMarkets(trx, [matchId]);
  for (const market of markets) {
    if (market.status === 'open') await updateMarketStatus(trx, market.id, 'suspended');
  }
}

/** Operator: opens, suspends or closes one market. */
export async function setMarketStatus(
  ctx: AppContext,
  events: SportsbookEvents,
  marketId: bigint,
  status: MarketStatus,
  audit?: AuditInTransaction,
) {
  const matchId = await findMarketMatchId(ctx.db, marketId);
  if (matchId === undefined) throw notFound();
  await ctx.db.transaction().execute(async (trx) => {
    await lockMatch(trx, matchId);
    if (!(await updateMarketStatus(trx, marketId, status))) throw notFound();
    await audit?.(trx, matchId);
  });
  const match = await getMatch(ctx, matchId);
  const market = match.markets.find((view) => view.marketId === Number(marketId))!;
  events.queueOdds(match.matchId, [market]);
  return market;
}
