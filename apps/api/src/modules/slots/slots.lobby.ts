import type { HotSlot, RecentSlot } from '@aposta/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';

/**
 * Home's slot rows (docs/decisions/0034): the slots played most over the last days by everyone ("hot") and the
 * ones this player opened last ("recently played"). Both list catalogue rows the way GET /api/app/game/list does.
 */

/** The rounds "hot" counts: a week smooths a quiet night without keeping last month's favourite on top. */
export const HOT_WINDOW_MS = 7 * 24 * 3600_000;
/** Home asks on every visit; the count over a week of rounds is worth doing once a minute, not per visit. */
const HOT_CACHE_MS = 60_000;
/** The most either list holds (the contract's size maximum). */
export const SLOT_ROW_MAX = 20;
/** A player's newest sessions that "recently played" looks through. */
const RECENT_SESSIONS_SCANNED = 200;

const hotCache = new WeakMap<AppContext, { at: number; records: HotSlot[] }>();

const catalogColumns = [
  'g.code',
  'g.product_code',
  'g.game_type',
  'g.name',
  'g.icon',
  'g.stop',
  'g.hot',
  'g.rtp',
] as const;

/** A catalogue row as the game lists answer it (the /gg list, hot and recent). */
export function presentGame(row: {
  code: string;
  product_code: string;
  game_type: string;
  name: string;
  icon: string;
  stop: boolean;
  hot: boolean;
  rtp: string | null;
}) {
  return {
    value: row.code,
    productCode: row.product_code,
    gameType: row.game_type,
    name: row.name,
    icon: row.icon,
    stop: row.stop,
    hot: row.hot,
    rtp: row.rtp === null ? null : Number(row.rtp),
  };
}

/**
 * The open slots ranked by rounds played in the last 7 days (rolled-back rounds do not count). Games nobody
 * played follow, the operator's hot marks first, then the catalogue's order, so a new casino's row is full too.
 */
export async function hotSlots(ctx: AppContext, size: number, now = Date.now()): Promise<HotSlot[]> {
  const cached = hotCache.get(ctx);
  if (cached && now - cached.at < HOT_CACHE_MS) return cached.records.slice(0, size);
  const played = ctx.db
    .selectFrom('slot_rounds')
    .select((eb) => ['game_code', eb.fn.countAll<string>().as('plays')])
    .where('created_at', '>=', new Date(now - HOT_WINDOW_MS))
    .where('status', '<>', 'rolled_back')
    .groupBy('game_code');
  const rows = await ctx.db
    .selectFrom('game_catalog as g')
    .leftJoin(played.as('p'), 'p.game_code', 'g.code')
    .select([...catalogColumns, sql<string>`coalesce(p.plays, 0)`.as('plays')])
    .where('g.game_type', '=', 'SLOT')
    .where('g.stop', '=', false)
    .orderBy(sql`coalesce(p.plays, 0)`, 'desc')
    .orderBy('g.hot', 'desc')
    .orderBy(sql`array_position(array['PG', 'EVO', 'BG'], g.group_code)`)
    .orderBy('g.sort')
    .orderBy('g.code')
    .limit(SLOT_ROW_MAX)
    .execute();
  const records = rows.map((row) => ({ ...presentGame(row), plays: Number(row.plays) }));
  hotCache.set(ctx, { at: now, records });
  return records.slice(0, size);
}

/** The slots the player opened last, newest first, each once (a stopped one too: the tile says so). */
export async function recentSlots(ctx: AppContext, userId: bigint, size: number): Promise<RecentSlot[]> {
  const sessions = ctx.db
    .selectFrom('slot_sessions')
    .select(['game_code', 'opened_at'])
    .where('user_id', '=', userId)
    .orderBy('opened_at', 'desc')
    .limit(RECENT_SESSIONS_SCANNED);
  const rows = await ctx.db
    .selectFrom(sessions.as('s'))
    .innerJoin('game_catalog as g', 'g.code', 's.game_code')
    .select([...catalogColumns, (eb) => eb.fn.max('s.opened_at').as('played_at')])
    .groupBy(catalogColumns)
    .orderBy('played_at', 'desc')
    .limit(size)
    .execute();
  return rows.map((row) => ({ ...presentGame(row), playedAt: new Date(row.played_at).getTime() }));
}
