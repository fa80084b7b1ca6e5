import type { LobbyGame } from '@aposta/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { presentGame } from '../slots/slots.lobby.ts';

/**
 * The lobby's own lists (issue 34, docs/decisions/0060): the games one player played last, in-house and slots
 * together, and the games new to the catalogue. The catalogue's lists themselves stay with modules/catalog and
 * modules/slots.
 */

/** A game is new this long after it joined the catalogue. */
export const NEW_WINDOW_MS = 30 * 24 * 3600_000;
/** Games that joined within this time of their provider's first one came with the launch set: not "new". */
const LAUNCH_SET_MS = 24 * 3600_000;
/** The player's newest in-house bets and slot sessions that "recently played" looks through, each. */
const RECENT_SCANNED = 200;
/** The badges are the same for everyone: worth counting once a minute, not on every home visit. */
const BADGES_CACHE_MS = 60_000;
/** "Hot" looks at this week's play, as the hot slots row does (modules/slots). */
const HOT_WINDOW_MS = 7 * 24 * 3600_000;
/** The most played games of each kind that get the badge. */
const HOT_PER_KIND = 3;

export interface GameBadges {
  newCodes: string[];
  hotCodes: string[];
}

const badgesCache = new WeakMap<AppContext, { at: number; badges: GameBadges }>();

/** The lobby's badges (GET /api/app/games/badges), counted at most once a minute. */
export async function gameBadges(ctx: AppContext, now = Date.now()): Promise<GameBadges> {
  const cached = badgesCache.get(ctx);
  if (cached && now - cached.at < BADGES_CACHE_MS) return cached.badges;
  const [newCodes, hotCodes] = await Promise.all([newGameCodes(ctx, now), hotGameCodes(ctx, now)]);
  const badges = { newCodes, hotCodes };
  badgesCache.set(ctx, { at: now, badges });
  return badges;
}

/** The operator's hot marks, then this week's three most bet in-house games and three most played slots. */
async function hotGameCodes(ctx: AppContext, now: number): Promise<string[]> {
  const since = new Date(now - HOT_WINDOW_MS);
  const [marked, house, slots] = await Promise.all([
    ctx.db
      .selectFrom('game_catalog')
      .select('code')
      .where('hot', '=', true)
      .where('stop', '=', false)
      .execute(),
    ctx.db
      .selectFrom('game_bets')
      .select(['game as code', (eb) => eb.fn.countAll<string>().as('plays')])
      .where('created_at', '>=', since)
      .groupBy('game')
      .orderBy('plays', 'desc')
      .orderBy('game')
      .limit(HOT_PER_KIND)
      .execute(),
    ctx.db
      .selectFrom('slot_rounds')
      .select(['game_code as code', (eb) => eb.fn.countAll<string>().as('plays')])
      .where('created_at', '>=', since)
      .where('status', '<>', 'rolled_back')
      .groupBy('game_code')
      .orderBy('plays', 'desc')
      .orderBy('game_code')
      .limit(HOT_PER_KIND)
      .execute(),
  ]);
  return [...new Set([...marked, ...house, ...slots].map((row) => row.code))];
}

/** The open games that joined the catalogue in the last 30 days, after their provider's launch set. */
async function newGameCodes(ctx: AppContext, now: number): Promise<string[]> {
  const launch = ctx.db
    .selectFrom('game_catalog')
    .select(['group_code', (eb) => eb.fn.min('added_at').as('first_at')])
    .groupBy('group_code');
  const rows = await ctx.db
    .selectFrom('game_catalog as g')
    .innerJoin(launch.as('l'), 'l.group_code', 'g.group_code')
    .select('g.code')
    .where('g.stop', '=', false)
    .where('g.added_at', '>=', new Date(now - NEW_WINDOW_MS))
    .where(sql<boolean>`g.added_at > l.first_at + ${`${LAUNCH_SET_MS} milliseconds`}::interval`)
    .orderBy('g.added_at', 'desc')
    .orderBy('g.code')
    .execute();
  return rows.map((row) => row.code);
}

/**
 * The games the player played last, newest first, each once: an in-house game by its bets (crash included), a
 * slot by the sessions the player opened. Only the caller's own rows are read.
 */
export async function recentGames(ctx: AppContext, userId: bigint, size: number): Promise<LobbyGame[]> {
  const bets = ctx.db
    .selectFrom('game_bets')
    .select(['game as code', 'created_at as at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(RECENT_SCANNED);
  const sessions = ctx.db
    .selectFrom('slot_sessions')
    .select(['game_code as code', 'opened_at as at'])
    .where('user_id', '=', userId)
    .orderBy('opened_at', 'desc')
    .limit(RECENT_SCANNED);
  const played = ctx.db
    .selectFrom(sql<{ code: string; at: Date }>`((${bets}) UNION ALL (${sessions}))`.as('p'))
    .select(['p.code', (eb) => eb.fn.max('p.at').as('played_at')])
    .groupBy('p.code');
  const [rows, fresh] = await Promise.all([
    ctx.db
      .selectFrom(played.as('r'))
      .innerJoin('game_catalog as g', 'g.code', 'r.code')
      .select([
        'g.code',
        'g.product_code',
        'g.game_type',
        'g.name',
        'g.icon',
        'g.stop',
        'g.hot',
        'g.rtp',
        'r.played_at',
      ])
      .orderBy('r.played_at', 'desc')
      .orderBy('g.code')
      .limit(size)
      .execute(),
    gameBadges(ctx),
  ]);
  const isNew = new Set(fresh.newCodes);
  return rows.map((row) => ({
    ...presentGame(row),
    isNew: isNew.has(row.code),
    playedAt: new Date(row.played_at).getTime(),
  }));
}
