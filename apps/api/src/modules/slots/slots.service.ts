import { randomBytes } from 'node:crypto';
import { slotRoundCodes } from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import { findSlotGame } from '@aposta/slots';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { SlotProvider } from '../../db/schema.slots.ts';
import { conflict, type DomainError, notFound } from '../../lib/domain-error.ts';
import { bgUserId } from './bg.adapter.ts';
import type { HttpCall } from './provider-http.ts';
import { presentGame } from './slots.lobby.ts';
import { bgSignature, evoSignature } from './slots.rules.ts';
import { closeSession } from './slots.sessions.ts';

/** Player-side slot calls (api-contract section 15): the list, launch, the open session, and leaving it. */

export const SLOT_PROVIDERS: readonly SlotProvider[] = ['PG', 'EVO', 'BG'];

/** Where a provider lives: its configured URL, or the built-in studio on this server. */
export function providerBase(ctx: AppContext, provider: SlotProvider): string {
  const url = { PG: ctx.config.slots.pg.url, EVO: ctx.config.slots.evo.url, BG: ctx.config.slots.bg.url }[
    provider
  ];
  return (url ?? `/studio/${provider.toLowerCase()}`).replace(/\/$/, '');
}

export async function listGames(
  ctx: AppContext,
  query: { productCode?: string; q?: string; page: number; size: number },
) {
  let base = ctx.db.selectFrom('game_catalog');
  if (query.productCode) base = base.where('group_code', '=', query.productCode as 'PG');
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    base = base.where('name', 'ilike', pattern);
  }
  const [rows, total] = await Promise.all([
    base
      .select(['code', 'product_code', 'game_type', 'name', 'icon', 'stop', 'hot', 'rtp'])
      // The in-house games first, then PG, EVO and BG: the order of /gg's list and of its chips.
      .orderBy(sql`array_position(array['SELF', 'PG', 'EVO', 'BG'], group_code)`)
      .orderBy('sort')
      .orderBy('code')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map(presentGame),
    total: Number(total.count),
  };
}

export async function inPlay(ctx: AppContext, userId: bigint) {
  const row = await ctx.db
    .selectFrom('slot_sessions as s')
    .innerJoin('game_catalog as g', 'g.code', 's.game_code')
    .select(['s.provider', 's.game_code', 'g.name', 's.opened_at'])
    .where('s.user_id', '=', userId)
    .where('s.closed_at', 'is', null)
    .where('s.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return null;
  return { productCode: row.provider, value: row.game_code, name: row.name, since: row.opened_at.getTime() };
}

export const stopGame = (ctx: AppContext, userId: bigint) => closeSession(ctx, userId);

/**
 * Opens the player's session for a game (closing any other first: one open session per player) and asks the
 * provider for the game's page, each in its own way: PG's page is a URL the operator builds; BGaming and
 * Evoplay answer a launch call.
 */
export async function launch(
  ctx: AppContext,
  http: HttpCall,
  userId: bigint,
  input: { productCode: string; value: string; lang: string },
): Promise<{ url: string }> {
  const game = await ctx.db
    .selectFrom('game_catalog')
    .select(['code', 'group_code', 'stop'])
    .where('code', '=', input.value)
    .where('group_code', '=', input.productCode as SlotProvider)
    .executeTakeFirst();
  if (!game || !SLOT_PROVIDERS.includes(game.group_code as SlotProvider)) throw notFound();
  if (game.stop) throw conflict('slots.coming_soon');
  const provider = game.group_code as SlotProvider;
  await closeSession(ctx, userId);
  const token = randomBytes(24).toString('hex');
  await ctx.db
    .insertInto('slot_sessions')
    .values({
      token,
      user_id: userId,
      provider,
      game_code: game.code,
      expires_at: new Date(Date.now() + ctx.config.slots.sessionTtlMinutes * 60_000),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const opened = await ctx.db
    .selectFrom('slot_sessions')
    .select('id')
    .where('token', '=', token)
    .executeTakeFirst();
  // Two launches at once: the database kept the other one's session; this one is refused, nothing is open twice.
  if (!opened) throw conflict('slots.launch_busy');
  const base = providerBase(ctx, provider);
  const language = input.lang.startsWith('pt') ? 'pt' : 'en';
  switch (provider) {
    case 'PG': {
      const query = new URLSearchParams({
        operator_token: ctx.config.slots.pg.operatorToken,
        operator_player_session: token,
        language,
        bet_type: '1',
      });
      return { url: `${base}/${encodeURIComponent(game.code)}/index.html?${query}` };
    }
    case 'BG':
      return { url: await bgLaunch(ctx, http, base, { token, userId, game: game.code, language }) };
    case 'EVO':
      return { url: await evoLaunch(ctx, http, base, { token, game: game.code, language }) };
  }
}

function providerFailed(ctx: AppContext, provider: SlotProvider, detail: unknown): DomainError {
  ctx.log.error({ provider, detail }, 'slots: the provider refused the launch');
  return conflict('slots.provider_unavailable');
}

async function bgLaunch(
  ctx: AppContext,
  http: HttpCall,
  base: string,
  input: { token: string; userId: bigint; game: string; language: string },
): Promise<string> {
  const body = JSON.stringify({
    casino_id: ctx.config.slots.bg.casinoId,
    game: input.game,
    currency: 'BRL',
    locale: input.language,
    session_id: input.token,
    client_type: 'mobile',
    user: { id: bgUserId(input.userId) },
  });
  const answer = await http(`${base}/sessions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-request-sign': bgSignature(body, ctx.config.slots.bg.authToken),
    },
    body,
  });
  const parsed = safeJson(answer.text) as { launch_options?: { game_url?: unknown } } | undefined;
  const url = parsed?.launch_options?.game_url;
  if (answer.status !== 200 || typeof url !== 'string')
    throw providerFailed(ctx, 'BG', answer.text.slice(0, 200));
  return url;
}

async function evoLaunch(
  ctx: AppContext,
  http: HttpCall,
  base: string,
  input: { token: string; game: string; language: string },
): Promise<string> {
  const { projectId, version, secretKey } = ctx.config.slots.evo;
  const fields = { token: input.token, game: input.game, currency: 'BRL', language: input.language };
  const signature = evoSignature(projectId, version, [fields], secretKey);
  const query = new URLSearchParams({ project: projectId, version: String(version), ...fields, signature });
  const answer = await http(`${base}/Game/getURL?${query}`, { method: 'GET' });
  const parsed = safeJson(answer.text) as { status?: string; data?: { link?: unknown } } | undefined;
  const link = parsed?.data?.link;
  if (parsed?.status !== 'ok' || typeof link !== 'string')
    throw providerFailed(ctx, 'EVO', answer.text.slice(0, 200));
  return link;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A game list is a background call: it may wait for a busy provider (or this server, just started). */
const LIST_TIMEOUT_MS = 60_000;

interface ListedGame {
  code: string;
  name: string;
  rtp: number;
}

/**
 * Brings the catalogue in line with each provider's game list: new games are added (open, not hot, the
 * provider's RTP), known ones get the provider's name and RTP; the operator's stop, hot and limits stay. A
 * provider that does not answer leaves its games as they were.
 */
export async function syncCatalog(ctx: AppContext, http: HttpCall): Promise<Record<SlotProvider, number>> {
  const counts = { PG: 0, EVO: 0, BG: 0 };
  for (const provider of SLOT_PROVIDERS) {
    let games: ListedGame[];
    try {
      games = await fetchGameList(ctx, http, provider);
    } catch (error) {
      ctx.log.error({ provider, err: error }, 'slots: the provider game list failed');
      continue;
    }
    for (const [index, game] of games.slice(0, 500).entries()) {
      await ctx.db
        .insertInto('game_catalog')
        .values({
          code: game.code,
          game_type: 'SLOT',
          product_code: provider,
          group_code: provider,
          name: game.name,
          icon: `/slots/${game.code}.svg`,
          sort: index + 1,
          rtp: game.rtp.toFixed(4),
          synced_at: new Date(),
        })
        .onConflict((oc) =>
          oc.column('code').doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            rtp: eb.ref('excluded.rtp'),
            synced_at: eb.ref('excluded.synced_at'),
          })),
        )
        .execute();
    }
    counts[provider] = games.length;
  }
  return counts;
}

async function fetchGameList(ctx: AppContext, http: HttpCall, provider: SlotProvider): Promise<ListedGame[]> {
  const base = providerBase(ctx, provider);
  const valid = (game: ListedGame) =>
    /^[a-z0-9-]{1,64}$/.test(game.code) && game.name.length > 0 && game.rtp > 0 && game.rtp < 1;
  if (provider === 'PG') {
    const body = new URLSearchParams({
      operator_token: ctx.config.slots.pg.operatorToken,
      secret_key: ctx.config.slots.pg.secretKey,
      currency: 'BRL',
      language: 'pt',
    }).toString();
    const answer = await http(`${base}/Game/v2/Get/GameList`, {
      method: 'POST',
      timeoutMs: LIST_TIMEOUT_MS,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const parsed = JSON.parse(answer.text) as { data: { gameCode: string; gameName: string; rtp: number }[] };
    return parsed.data
      .map((game) => ({ code: game.gameCode, name: game.gameName, rtp: Number(game.rtp) }))
      .filter(valid);
  }
  if (provider === 'EVO') {
    const { projectId, version, secretKey } = ctx.config.slots.evo;
    const query = new URLSearchParams({
      project: projectId,
      version: String(version),
      signature: evoSignature(projectId, version, [], secretKey),
    });
    const answer = await http(`${base}/Game/getList?${query}`, { method: 'GET', timeoutMs: LIST_TIMEOUT_MS });
    const parsed = JSON.parse(answer.text) as {
      status: string;
      data: Record<string, { name: string; rtp: number }>;
    };
    if (parsed.status !== 'ok') throw new Error('EVO game list refused');
    return Object.entries(parsed.data)
      .map(([code, game]) => ({ code, name: game.name, rtp: Number(game.rtp) }))
      .filter(valid);
  }
  const body = JSON.stringify({ casino_id: ctx.config.slots.bg.casinoId });
  const answer = await http(`${base}/games`, {
    method: 'POST',
    timeoutMs: LIST_TIMEOUT_MS,
    headers: {
      'content-type': 'application/json',
      'x-request-sign': bgSignature(body, ctx.config.slots.bg.authToken),
    },
    body,
  });
  const parsed = JSON.parse(answer.text) as { identifier: string; title: string; rtp: number }[];
  return parsed
    .map((game) => ({ code: game.identifier, name: game.title, rtp: Number(game.rtp) }))
    .filter(valid);
}

/**
 * A game's sheet for /gameMess: the catalogue's row, and the paytable and rules the provider publishes (known
 * here for the built-in studio's games, from packages/slots), in the caller's language.
 */
export async function gameInfo(ctx: AppContext, input: { productCode: string; value: string; lang: string }) {
  const row = await ctx.db
    .selectFrom('game_catalog')
    .select(['code', 'product_code', 'name', 'icon', 'stop', 'hot', 'rtp'])
    .where('code', '=', input.value)
    .where('group_code', '=', input.productCode as SlotProvider)
    .executeTakeFirst();
  if (!row) throw notFound();
  const game = findSlotGame(row.code);
  const language = input.lang === 'pt_BR' ? 'pt_BR' : 'en_US';
  const symbolName = (code: string) =>
    game?.symbols.find((symbol) => symbol.code === code)?.name[language] ?? code;
  return {
    value: row.code,
    productCode: row.product_code,
    name: row.name,
    icon: row.icon,
    stop: row.stop,
    hot: row.hot,
    rtp: row.rtp === null ? null : Number(row.rtp),
    sheet:
      game && game.provider === input.productCode
        ? {
            theme: game.theme[language],
            volatility: game.volatility,
            reels: game.reels,
            rows: game.rows,
            kind: game.kind,
            lines: game.lines?.length ?? 0,
            minBet: game.minBet / 100,
            maxBet: game.maxBet / 100,
            freeSpins: { ...game.freeSpins },
            paytable: game.paytable.slice(0, 200).map((entry) => ({
              symbol: entry.symbol,
              name: symbolName(entry.symbol),
              count: entry.count,
              timesBet: entry.timesBet,
            })),
            rules: game.rules[language],
          }
        : null,
  };
}

/** The caller's slot rounds, newest first: what was staked and won in each, and whether it is settled. */
export async function listRounds(ctx: AppContext, userId: bigint, query: { page: number; size: number }) {
  const base = ctx.db.selectFrom('slot_rounds as r').where('r.user_id', '=', userId);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('game_catalog as g', 'g.code', 'r.game_code')
      .select([
        'r.id',
        'r.provider',
        'r.game_code',
        'g.name',
        'r.stake_cents',
        'r.win_cents',
        'r.status',
        'r.created_at',
      ])
      .orderBy('r.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((row) => ({
      roundId: Number(row.id),
      productCode: row.provider,
      game: row.game_code,
      name: row.name ?? row.game_code,
      amount: centsToReais(row.stake_cents),
      payout: centsToReais(row.win_cents),
      status: row.status,
      // spec.md section 3's bet result and second order status (docs/bet-codes.md).
      ...slotRoundCodes({ status: row.status, winCents: row.win_cents }),
      time: row.created_at.getTime(),
    })),
    total: Number(total.count),
  };
}
