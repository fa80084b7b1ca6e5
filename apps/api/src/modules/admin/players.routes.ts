import {
  AdjustAnswer,
  AdjustBody,
  PlayerBetsAnswer,
  PlayerDetail,
  PlayerFlagsBody,
  PlayerLedgerAnswer,
  PlayerOrdersAnswer,
  PlayerParams,
  PlayerSessionsAnswer,
  PlayerSubListQuery,
  PlayersAnswer,
  PlayersQuery,
} from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';
import type { OperatorGuard } from '../../backoffice/access.ts';
import { actorOf } from '../../backoffice/audit.ts';
import { pagingOf } from '../../backoffice/paging.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { readAmountCents } from '../../lib/amount.ts';
import { invalidInput } from '../../lib/domain-error.ts';
import {
  adjustPlayer,
  getPlayer,
  playerBets,
  playerLedger,
  playerOrders,
  playerSessions,
  searchPlayers,
  setPlayerFlags,
} from './players.service.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_:.-]{1,100}$/;

/** Signed reais, at most 2 decimals: "-12.50" is a debit of R$ 12,50. */
function readSignedAmountCents(raw: unknown): bigint {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  const negative = text.startsWith('-');
  const cents = readAmountCents(negative ? text.slice(1) : text, 'amount');
  return negative ? -cents : cents;
}

export function playersRoutes(app: TypedApp, ctx: AppContext, guard: OperatorGuard): void {
  const tags = ['admin'];
  const read = { onRequest: guard.allow('players.read') };
  const params = PlayerParams;

  app.get(
    '/api/admin/players',
    { ...read, schema: { tags, querystring: PlayersQuery, response: { 200: Envelope(PlayersAnswer) } } },
    async (request) => ok(await searchPlayers(ctx, request.query.q, pagingOf(request.query))),
  );

  app.get(
    '/api/admin/players/:uId',
    { ...read, schema: { tags, params, response: { 200: Envelope(PlayerDetail) } } },
    async (request) => ok(await getPlayer(ctx, BigInt(request.params.uId))),
  );

  const subListSchema = { tags, params, querystring: PlayerSubListQuery };
  app.get(
    '/api/admin/players/:uId/ledger',
    { ...read, schema: { ...subListSchema, response: { 200: Envelope(PlayerLedgerAnswer) } } },
    async (request) => ok(await playerLedger(ctx, BigInt(request.params.uId), pagingOf(request.query))),
  );
  app.get(
    '/api/admin/players/:uId/bets',
    { ...read, schema: { ...subListSchema, response: { 200: Envelope(PlayerBetsAnswer) } } },
    async (request) => ok(await playerBets(ctx, BigInt(request.params.uId), pagingOf(request.query))),
  );
  app.get(
    '/api/admin/players/:uId/orders',
    { ...read, schema: { ...subListSchema, response: { 200: Envelope(PlayerOrdersAnswer) } } },
    async (request) => ok(await playerOrders(ctx, BigInt(request.params.uId), pagingOf(request.query))),
  );
  app.get(
    '/api/admin/players/:uId/sessions',
    { ...read, schema: { ...subListSchema, response: { 200: Envelope(PlayerSessionsAnswer) } } },
    async (request) => ok(await playerSessions(ctx, BigInt(request.params.uId), pagingOf(request.query))),
  );

  app.post(
    '/api/admin/players/:uId/flags',
    {
      onRequest: guard.allow('players.flags'),
      schema: { tags, params, body: PlayerFlagsBody, response: { 200: Envelope(PlayerDetail) } },
    },
    async (request) =>
      ok(await setPlayerFlags(ctx, actorOf(request), BigInt(request.params.uId), request.body)),
  );

  app.post(
    '/api/admin/players/:uId/adjust',
    {
      onRequest: guard.allow('players.adjust'),
      schema: { tags, params, body: AdjustBody, response: { 200: Envelope(AdjustAnswer) } },
    },
    async (request) => {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))
        throw invalidInput('admin.idempotency_key_required');
      return ok(
        await adjustPlayer(ctx, actorOf(request), BigInt(request.params.uId), {
          account: request.body.account,
          amountCents: readSignedAmountCents(request.body.amount),
          reason: request.body.reason.trim(),
          idempotencyKey: key,
        }),
      );
    },
  );
}
