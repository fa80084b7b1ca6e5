import fs from 'node:fs';
import path from 'node:path';
import { SLOT_GAMES } from '@aposta/slots';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { SlotProvider } from '../../db/schema.slots.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { bgSignature, evoSignature, sameSecret } from '../slots/slots.rules.ts';
import type { studioClients } from './studio.clients.ts';
import {
  gameOf,
  MISBEHAVIOURS,
  type Misbehaviour,
  type StudioSession,
  spinAndSettle,
} from './studio.play.ts';

type Clients = ReturnType<typeof studioClients>;

const PROVIDERS: Record<string, SlotProvider> = { pg: 'PG', evo: 'EVO', bg: 'BG' };
const SESSIONS_MAX = 10_000;

/**
 * The built-in studio: the provider side of PG, BGaming and Evoplay on this server, under /studio/<p>. Its
 * launch and game-list calls answer in each provider's shapes; its page (apps/studio/dist) calls `api/game` and
 * `api/spin`, and each spin settles with the operator's wallet over HTTP in the provider's protocol. What it
 * knows of a session lives in memory: the studio is a demo provider, and a restart ends its games.
 */
/** What the studio knows of its sessions, oldest first, at most SESSIONS_MAX. */
function studioSessions() {
  const map = new Map<string, StudioSession>();
  const remember = (session: StudioSession) => {
    if (map.size >= SESSIONS_MAX) map.delete(map.keys().next().value!);
    map.set(session.token, session);
    return session;
  };
  return { map, remember };
}
type Sessions = ReturnType<typeof studioSessions>;

const gamesOf = (provider: SlotProvider) => SLOT_GAMES.filter((game) => game.provider === provider);
// The page's paths name the provider in capitals (/studio/PG/play, apps/studio); either case is accepted.
const providerOf = (name: string) => PROVIDERS[name.toLowerCase()];

export async function studioRoutes(app: TypedApp, ctx: AppContext, clients: Clients, distDir: string) {
  const sessions = studioSessions();
  pgLaunchRoutes(app, ctx);
  bgLaunchRoutes(app, ctx, sessions);
  evoLaunchRoutes(app, ctx);
  pageApiRoutes(app, clients, sessions);
  if (ctx.config.slots.studioMisbehaviour) controlRoutes(app, sessions);
  await pageRoutes(app, distDir);
}

function pgLaunchRoutes(app: TypedApp, ctx: AppContext) {
  // --- PG: the game list; the page is a URL the operator builds ({url}/{game}/index.html?...) ---
  app.post('/studio/pg/Game/v2/Get/GameList', { schema: { hide: true } }, async (request) => {
    const form = request.body as Record<string, string> | undefined;
    if (
      !sameSecret(form?.operator_token ?? '', ctx.config.slots.pg.operatorToken) ||
      !sameSecret(form?.secret_key ?? '', ctx.config.slots.pg.secretKey)
    )
      return { data: null, error: { code: '1204', message: 'Invalid operator' } };
    return {
      data: gamesOf('PG').map((game, index) => ({
        gameId: index + 1,
        gameCode: game.code,
        gameName: game.name,
        rtp: game.rtp,
        status: 1,
      })),
      error: null,
    };
  });
  app.get('/studio/pg/:game/index.html', { schema: { hide: true } }, async (request, reply) => {
    const { game } = request.params as { game: string };
    const query = request.query as Record<string, string | undefined>;
    const target = new URLSearchParams({
      session: query.operator_player_session ?? '',
      game,
      lang: query.language === 'pt' ? 'pt_BR' : 'en_US',
    });
    return reply.redirect(`/studio/PG/play?${target}`);
  });
}

function bgLaunchRoutes(app: TypedApp, ctx: AppContext, sessions: Sessions) {
  // --- BGaming: signed JSON calls for the game list and a session's launch ---
  const bgSigned = (request: { headers: Record<string, unknown>; body: unknown }) => {
    const raw = JSON.stringify(request.body ?? {});
    const sign = request.headers['x-request-sign'];
    return typeof sign === 'string' && sameSecret(sign, bgSignature(raw, ctx.config.slots.bg.authToken));
  };
  app.post('/studio/bg/games', { schema: { hide: true } }, async (request, reply) => {
    if (!bgSigned(request)) return reply.code(403).send({ code: 403, message: 'Forbidden' });
    return gamesOf('BG').map((game) => ({ identifier: game.code, title: game.name, rtp: game.rtp }));
  });
  app.post('/studio/bg/sessions', { schema: { hide: true } }, async (request, reply) => {
    if (!bgSigned(request)) return reply.code(403).send({ code: 403, message: 'Forbidden' });
    const body = request.body as {
      session_id?: string;
      game?: string;
      locale?: string;
      user?: { id?: string };
    };
    if (!body.session_id || !body.game || !body.user?.id)
      return reply.code(400).send({ code: 400, message: 'Bad request' });
    sessions.remember({
      provider: 'BG',
      token: body.session_id,
      game: body.game,
      playerRef: body.user.id,
      freeSpins: null,
      freeRoundRef: null,
      misbehave: new Set(),
    });
    const query = new URLSearchParams({
      session: body.session_id,
      game: body.game,
      lang: body.locale === 'pt' ? 'pt_BR' : 'en_US',
    });
    return {
      session_id: body.session_id,
      launch_options: { game_url: `/studio/BG/play?${query}`, strategy: 'iframe' },
    };
  });
}

function evoLaunchRoutes(app: TypedApp, ctx: AppContext) {
  // --- Evoplay: signed GET calls for the game list and a game's URL ---
  const { projectId, version, secretKey } = ctx.config.slots.evo;
  app.get('/studio/evo/Game/getList', { schema: { hide: true } }, async (request) => {
    const query = request.query as Record<string, string>;
    if (query.signature !== evoSignature(projectId, version, [], secretKey))
      return { status: 'error', error: { scope: 'internal', message: 'Signature is invalid' } };
    return {
      status: 'ok',
      data: Object.fromEntries(gamesOf('EVO').map((game) => [game.code, { name: game.name, rtp: game.rtp }])),
    };
  });
  app.get('/studio/evo/Game/getURL', { schema: { hide: true } }, async (request) => {
    const query = request.query as Record<string, string>;
    const fields = {
      token: query.token,
      game: query.game,
      currency: query.currency,
      language: query.language,
    };
    if (query.signature !== evoSignature(projectId, version, [fields], secretKey))
      return { status: 'error', error: { scope: 'internal', message: 'Signature is invalid' } };
    const link = new URLSearchParams({
      session: query.token ?? '',
      game: query.game ?? '',
      lang: query.language === 'pt' ? 'pt_BR' : 'en_US',
    });
    return { status: 'ok', data: { link: `/studio/EVO/play?${link}` } };
  });
}

/** The studio's session, introduced to the wallet the provider's way on first sight (PG VerifySession, EVO init). */
async function sessionFor(
  clients: Clients,
  sessions: Sessions,
  provider: SlotProvider,
  token: string,
  game: string,
): Promise<StudioSession | undefined> {
  const known = sessions.map.get(token);
  if (known) return known.provider === provider && known.game === game ? known : undefined;
  if (provider === 'BG') return undefined;
  if (provider === 'PG') {
    const verified = await clients.pg.verifySession(token, game);
    const name = (verified.body as { data?: { player_name?: string } } | undefined)?.data?.player_name;
    if (!verified.ok || !name) return undefined;
    return sessions.remember({
      provider,
      token,
      game,
      playerRef: name,
      freeSpins: null,
      freeRoundRef: null,
      misbehave: new Set(),
    });
  }
  const init = await clients.evo.call('init', token, `init-${token.slice(0, 8)}-${Date.now()}`, {});
  if (!init.ok) return undefined;
  return sessions.remember({
    provider,
    token,
    game,
    playerRef: '',
    freeSpins: null,
    freeRoundRef: null,
    misbehave: new Set(),
  });
}

async function balanceOf(clients: Clients, session: StudioSession): Promise<bigint | undefined> {
  if (session.provider === 'PG')
    return (await clients.pg.balance(session.token, session.playerRef, session.game)).balanceCents;
  if (session.provider === 'BG')
    return (
      await clients.bg.call('play', {
        sessionId: session.token,
        userId: session.playerRef,
        game: session.game,
        gameId: '',
        finished: false,
        actions: [],
      })
    ).balanceCents;
  return (
    await clients.evo.call('init', session.token, `init-${session.token.slice(0, 8)}-${Date.now()}`, {})
  ).balanceCents;
}

function pageApiRoutes(app: TypedApp, clients: Clients, sessions: Sessions) {
  // --- The page's own calls (slots-interface.md) ---

  const closed = (reply: FastifyReply) =>
    reply.code(410).send({ error: 'session_closed', message: 'the game session is closed or unknown' });

  app.get('/studio/:provider/api/game', { schema: { hide: true } }, async (request, reply) => {
    const provider = providerOf((request.params as { provider: string }).provider);
    const query = request.query as { session?: string; game?: string };
    if (!provider) return reply.code(404).send({ error: 'bad_bet', message: 'unknown provider' });
    const session = await sessionFor(
      clients,
      sessions,
      provider,
      String(query.session ?? ''),
      String(query.game ?? ''),
    );
    const game = session && gameOf(session);
    if (!session || !game) return closed(reply);
    const balance = await balanceOf(clients, session);
    if (balance === undefined) return closed(reply);
    return { game, balance: balance.toString(), currency: 'BRL', freeSpins: session.freeSpins };
  });

  app.post('/studio/:provider/api/spin', { schema: { hide: true } }, async (request, reply) => {
    const provider = providerOf((request.params as { provider: string }).provider);
    const body = (request.body ?? {}) as { session?: string; game?: string; bet?: string };
    if (!provider) return reply.code(404).send({ error: 'bad_bet', message: 'unknown provider' });
    const session = await sessionFor(
      clients,
      sessions,
      provider,
      String(body.session ?? ''),
      String(body.game ?? ''),
    );
    if (!session) return closed(reply);
    if (!/^\d{1,12}$/.test(String(body.bet ?? '')))
      return reply.code(400).send({ error: 'bad_bet', message: 'bet' });
    const answer = await spinAndSettle(clients, session, BigInt(String(body.bet)));
    if (answer.ok) return { outcome: answer.outcome, balance: answer.balance };
    const status = { insufficient_funds: 402, session_closed: 410, bad_bet: 400, wallet_error: 409 }[
      answer.error
    ];
    return reply.code(status).send({ error: answer.error, message: answer.message, balance: answer.balance });
  });
}

function controlRoutes(app: TypedApp, sessions: Sessions) {
  // Misbehaviour on request (never in production): the next spins of a session send copies, calls out of order,
  // a rollback before the win, a delayed win or unsigned calls.
  app.post('/studio/control', { schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as { session?: string; misbehave?: unknown };
    const session = sessions.map.get(String(body.session ?? ''));
    if (!session) return reply.code(404).send({ error: 'unknown session' });
    const modes = Array.isArray(body.misbehave) ? body.misbehave : [];
    if (!modes.every((mode) => MISBEHAVIOURS.includes(mode as Misbehaviour)))
      return reply.code(400).send({ error: `misbehave: ${MISBEHAVIOURS.join(', ')}` });
    session.misbehave = new Set(modes as Misbehaviour[]);
    return { session: session.token, misbehave: [...session.misbehave] };
  });
}

async function pageRoutes(app: TypedApp, distDir: string) {
  // --- The page itself (apps/studio/dist): index.html for each provider's play URL, its files beside it ---
  const built = fs.existsSync(path.join(distDir, 'index.html'));
  app.get('/studio/:provider/play', { schema: { hide: true } }, async (request, reply) => {
    if (!providerOf((request.params as { provider: string }).provider) || !built)
      return reply.code(404).type('text/plain').send('The studio page is not built (npm run build).');
    return reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .send(fs.readFileSync(path.join(distDir, 'index.html')));
  });
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/studio/',
      decorateReply: false,
      index: false,
      wildcard: true,
    });
  }
}
