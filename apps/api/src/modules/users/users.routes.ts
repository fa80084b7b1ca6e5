import {
  BalanceAnswer,
  HeaderParams,
  PricePackage,
  PricesQuery,
  TestAccountAnswer,
  UserInfoAnswer,
} from '@aposta/contract';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.ts';
import type { AuthGuards } from '../../http/auth.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import * as users from './users.service.ts';

export function usersRoutes(app: TypedApp, ctx: AppContext, guards: AuthGuards): void {
  const player = { onRequest: guards.requirePlayer };

  app.get(
    '/api/app/user/userInfo',
    {
      ...player,
      schema: {
        tags: ['user'],
        querystring: Type.Object({ loading: Type.Optional(Type.String()) }),
        response: { 200: Envelope(UserInfoAnswer) },
      },
    },
    async (request) => ok(await users.getUserInfo(ctx, request.playerId)),
  );

  app.get(
    '/api/app/user/getBalance',
    { ...player, schema: { tags: ['user'], response: { 200: Envelope(BalanceAnswer) } } },
    async (request) => ok(await users.getBalance(ctx, request.playerId)),
  );

  app.get(
    '/api/app/user/setHeader/:index',
    { ...player, schema: { tags: ['user'], params: HeaderParams, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await users.chooseAvatar(ctx, request.playerId, request.params.index);
      return ok(null);
    },
  );

  app.get(
    '/api/app/user/getUserTest',
    { ...player, schema: { tags: ['user'], response: { 200: Envelope(TestAccountAnswer) } } },
    async (request) => ok(await users.getTestAccount(ctx, request.playerId)),
  );

  app.get(
    '/api/app/main/userGift',
    { ...player, schema: { tags: ['user'], response: { 200: Envelope(Type.Integer()) } } },
    async (request) => ok(await users.hasAwardWaiting(ctx, request.playerId)),
  );

  app.get(
    '/api/app/order/getPrices',
    {
      ...player,
      schema: {
        tags: ['wallet'],
        querystring: PricesQuery,
        response: { 200: Envelope(Type.Array(PricePackage)) },
      },
    },
    async (request) => ok(await users.getPrices(ctx, request.query.curreny)),
  );
}
