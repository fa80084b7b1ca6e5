import { MainListsAnswer } from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { mainLists } from './catalog.service.ts';

export function catalogRoutes(app: TypedApp, ctx: AppContext): void {
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
}
