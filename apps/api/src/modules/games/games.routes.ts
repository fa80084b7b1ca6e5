import {
  DiceBetAnswer,
  DiceBetBody,
  DoubleBetBody,
  DoubleRoundAnswer,
  DoubleStateAnswer,
  GameBetsAnswer,
  GameBetsQuery,
  LimboBetAnswer,
  LimboBetBody,
  LuckyBetBody,
  LuckyRoundAnswer,
  LuckyStateAnswer,
  MinesActiveAnswer,
  MinesCashoutAnswer,
  MinesCashoutBody,
  MinesRevealAnswer,
  MinesRevealBody,
  MinesStartAnswer,
  MinesStartBody,
  PeriodQuery,
  RotateAnswer,
  RotateBody,
  RoundBetAnswer,
  RoundBetAnswerWithIssue,
  RowDoubleBetAnswer,
  RowDoubleBetBody,
  SeedsAnswer,
  VerifyQuery,
} from '@aposta/contract';
import { doubleColor } from '@aposta/fair';
import type { FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';
import type { AppContext } from '../../app-context.ts';
import type { GameCode } from '../../db/schema.games.ts';
import type { AuthGuards } from '../../http/auth.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import { idempotencyKeyOf, idempotent } from '../../http/idempotency.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { readAmountCents } from '../../lib/amount.ts';
import { invalidInput } from '../../lib/domain-error.ts';
import { listBets } from './bets-history.service.ts';
import { verifyCrash } from './crash/index.ts';
import { getSeeds, rotateSeeds, verify } from './fair.service.ts';
import { betDice, betLimbo, betRowDouble } from './instant-games.service.ts';
import { activeGame, cashOut, revealTile, startMines } from './mines.service.ts';
import {
  DOUBLE_TABLE,
  doubleState,
  luckyColorState,
  luckyTable,
  parseLuckyPick,
  placeRoundBet,
  roundDetail,
} from './rounds.service.ts';

export function gamesRoutes(app: TypedApp, ctx: AppContext, guards: AuthGuards, chainLength: number): void {
  fairRoutes(app, ctx, guards);
  instantGameRoutes(app, ctx, guards);
  roundGameRoutes(app, ctx, guards, chainLength);
}

const tags = ['games'];
const schema = <Body extends TSchema, Answer extends TSchema>(body: Body, answer: Answer) => ({
  tags,
  body,
  response: { 200: Envelope(answer) },
});

/** A stake is a number or a numeric string; AJV's array coercion would turn `[1]` into "1", so look first. */
const stakeOf = (guards: AuthGuards) => ({
  onRequest: guards.requirePlayer,
  preValidation: async (request: FastifyRequest) => {
    const amount = (request.body as { amount?: unknown } | undefined)?.amount;
    if (amount !== null && typeof amount === 'object')
      throw invalidInput('validation.amount', { field: 'amount' });
  },
});

/** A field the query needs for its game, refused as the schema refuses a missing field (in the caller's language). */
const missingQueryField = (field: string) =>
  Object.assign(new Error(`querystring must have required property '${field}'`), {
    statusCode: 400,
    validation: [{ keyword: 'required', instancePath: '', params: { missingProperty: field } }],
    validationContext: 'querystring',
  });

/** The seeds, the verifier and the player's history of the in-house games. */
function fairRoutes(app: TypedApp, ctx: AppContext, guards: AuthGuards) {
  const player = { onRequest: guards.requirePlayer };
  app.get(
    '/api/app/fair/seeds',
    { ...player, schema: { tags, response: { 200: Envelope(SeedsAnswer) } } },
    async (request) => ok(await getSeeds(ctx, request.playerId)),
  );
  app.post(
    '/api/app/fair/rotate',
    {
      ...player,
      // `{ clientSeed? }`: a POST without any body (no content type, as many clients send it) is `{}`.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
      schema: { tags, body: RotateBody, response: { 200: Envelope(RotateAnswer) } },
    },
    async (request) => ok(await rotateSeeds(ctx, request.playerId, request.body.clientSeed)),
  );
  app.get('/api/app/fair/verify', { schema: { tags, querystring: VerifyQuery } }, async (request) => {
    const { game, seed, salt, serverSeed, clientSeed, nonce, mines } = request.query;
    if (game === 'crash') {
      if (seed === undefined) throw missingQueryField('seed');
      return ok(await verifyCrash(ctx, ctx.config.roundChainLength, seed, salt));
    }
    if (serverSeed === undefined) throw missingQueryField('serverSeed');
    if (clientSeed === undefined) throw missingQueryField('clientSeed');
    if (nonce === undefined) throw missingQueryField('nonce');
    return ok(verify({ game, serverSeed, clientSeed, nonce, ...(mines === undefined ? {} : { mines }) }));
  });

  app.get(
    '/api/app/game/bets',
    { ...player, schema: { tags, querystring: GameBetsQuery, response: { 200: Envelope(GameBetsAnswer) } } },
    async (request) =>
      ok(
        await listBets(ctx, request.playerId, {
          game: request.query.game as GameCode | undefined,
          page: request.query.page ?? 1,
          size: request.query.size ?? 20,
        }),
      ),
  );
}

function instantGameRoutes(app: TypedApp, ctx: AppContext, guards: AuthGuards) {
  const player = { onRequest: guards.requirePlayer };
  const stake = stakeOf(guards);
  app.post(
    '/api/app/game/dice/bet',
    { ...stake, schema: schema(DiceBetBody, DiceBetAnswer) },
    async (request) => {
      const body = request.body;
      const amountCents = readAmountCents(body.amount);
      return ok(
        // The bet records its Idempotency-Key itself, in its batch's transaction (decision 0058).
        await betDice(ctx, request.playerId, { ...body, amountCents, key: idempotencyKeyOf(request) }),
      );
    },
  );
  app.post(
    '/api/app/game/limbo/bet',
    { ...stake, schema: schema(LimboBetBody, LimboBetAnswer) },
    async (request) => {
      const body = request.body;
      const amountCents = readAmountCents(body.amount);
      return ok(
        await betLimbo(ctx, request.playerId, {
          target: body.target,
          amountCents,
          key: idempotencyKeyOf(request),
        }),
      );
    },
  );
  app.post(
    '/api/app/game/rowDouble/bet',
    { ...stake, schema: schema(RowDoubleBetBody, RowDoubleBetAnswer) },
    async (request) => {
      const body = request.body;
      const amountCents = readAmountCents(body.amount);
      return ok(
        await betRowDouble(ctx, request.playerId, {
          color: body.color,
          amountCents,
          key: idempotencyKeyOf(request),
        }),
      );
    },
  );

  app.post(
    '/api/app/game/mines/start',
    { ...stake, schema: schema(MinesStartBody, MinesStartAnswer) },
    async (request) => {
      const body = request.body;
      const amountCents = readAmountCents(body.amount);
      return ok(
        await idempotent(ctx.db, request, () =>
          startMines(ctx, request.playerId, { mines: body.mines, amountCents }),
        ),
      );
    },
  );
  app.post(
    '/api/app/game/mines/reveal',
    { ...player, schema: schema(MinesRevealBody, MinesRevealAnswer) },
    async (request) => ok(await revealTile(ctx, request.playerId, request.body)),
  );
  app.post(
    '/api/app/game/mines/cashout',
    { ...player, schema: schema(MinesCashoutBody, MinesCashoutAnswer) },
    async (request) =>
      ok(await idempotent(ctx.db, request, () => cashOut(ctx, request.playerId, request.body.gameId))),
  );
  app.get(
    '/api/app/game/mines/active',
    { ...player, schema: { tags, response: { 200: Envelope(MinesActiveAnswer) } } },
    async (request) => ok(await activeGame(ctx, request.playerId)),
  );
}

function roundGameRoutes(app: TypedApp, ctx: AppContext, guards: AuthGuards, chainLength: number) {
  const stake = stakeOf(guards);
  app.get(
    '/api/app/game/double/state',
    { schema: { tags, response: { 200: Envelope(DoubleStateAnswer) } } },
    async () => ok(await doubleState(ctx, chainLength)),
  );
  app.post(
    '/api/app/game/double/bet',
    { ...stake, schema: schema(DoubleBetBody, RoundBetAnswer) },
    async (request) => {
      const body = request.body;
      const amountCents = readAmountCents(body.amount);
      const placed = await idempotent(ctx.db, request, () =>
        placeRoundBet(ctx, request.playerId, DOUBLE_TABLE, {
          roundKey: String(body.roundId),
          amountCents,
          pick: body.color,
        }),
      );
      return ok({ ...placed, roundId: body.roundId });
    },
  );
  app.get(
    '/api/app/game/double/rounds/:roundId',
    {
      schema: {
        tags,
        params: Type.Object({ roundId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        response: { 200: Envelope(DoubleRoundAnswer) },
      },
    },
    async (request) => {
      const { round, hash } = await roundDetail(ctx, DOUBLE_TABLE, String(request.params.roundId));
      return ok({
        roundId: Number(round.round_key),
        roll: round.outcome!,
        color: doubleColor(round.outcome!),
        seed: round.seed!,
        hash,
      });
    },
  );

  app.get(
    '/api/app/game/luckyColor/state',
    { schema: { tags, querystring: PeriodQuery, response: { 200: Envelope(LuckyStateAnswer) } } },
    async (request) => ok(await luckyColorState(ctx, luckyTable(request.query.period), chainLength)),
  );
  app.post(
    '/api/app/game/luckyColor/bet',
    { ...stake, schema: schema(LuckyBetBody, RoundBetAnswerWithIssue) },
    async (request) => {
      const body = request.body;
      const table = luckyTable(body.period);
      const amountCents = readAmountCents(body.amount);
      const pick = parseLuckyPick(body.pick);
      const placed = await idempotent(ctx.db, request, () =>
        placeRoundBet(ctx, request.playerId, table, { roundKey: body.issue, amountCents, pick }),
      );
      return ok({ ...placed, issue: body.issue });
    },
  );
  app.get(
    '/api/app/game/luckyColor/rounds/:period/:issue',
    {
      schema: {
        tags,
        params: Type.Object({
          period: Type.Integer({ minimum: 30, maximum: 300 }),
          issue: Type.String({ pattern: '^[0-9]{1,32}$' }),
        }),
        response: { 200: Envelope(LuckyRoundAnswer) },
      },
    },
    async (request) => {
      const { round, hash } = await roundDetail(ctx, luckyTable(request.params.period), request.params.issue);
      return ok({ issue: round.round_key, number: round.outcome!, seed: round.seed!, hash });
    },
  );
}
