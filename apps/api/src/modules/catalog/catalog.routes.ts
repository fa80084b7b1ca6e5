import { MainListsAnswer } from '@aposta/contract';
import { Type } from 'typebox';
import type { AppContext } from '../../app-context.ts';
import type { AuthGuards } from '../../http/auth.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { mainLists } from './catalog.service.ts';

export function catalogRoutes(app: TypedApp, ctx: AppContext, guards: AuthGuards): void {
  app.get(
    '/api/app/main/main',
    {
      schema: {
        tags: ['catalog'],
        response: { 200: Envelope(MainListsAnswer) },
      },
    },
    async () => ok(await mainLists(ctx)),
  );

  // No third-party game session exists until the slots integration lands, so a player is never "in" one:
  // these answers are the truth today. The slots module replaces them with its session table.
  app.get(
    '/api/app/game/inPlay',
    {
      onRequest: guards.requirePlayer,
      schema: { tags: ['catalog'], response: { 200: Envelope(Type.Null()) } },
    },
    async () => ok(null),
  );
  app.get(
    '/api/app/game/stopGame',
    {
      onRequest: guards.requirePlayer,
      schema: { tags: ['catalog'], response: { 200: Envelope(Type.Null()) } },
    },
    async () => ok(null),
  );
}
