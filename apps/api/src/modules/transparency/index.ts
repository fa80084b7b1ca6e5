import { LegalInfo, TransparencyAnswer, TransparencyQuery } from '@aposta/contract';
import type { RegisterModule } from '../../app-module.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import { foldPlayerDays } from './transparency.fold.ts';
import { readTransparency } from './transparency.service.ts';

const FOLD_INTERVAL_MS = 60_000;

/**
 * A player's transparency page and the operator's legal identity (issue 30, decision 0053). The page reads the
 * daily per-player aggregate a background fold keeps from the journal (tests call foldPlayerDays themselves);
 * the legal identity is public and shown by the web's footer under `br-licensed`.
 */
export const register: RegisterModule = (app, ctx) => {
  const tags = ['transparency'];

  app.get(
    '/api/app/transparency',
    {
      onRequest: ctx.guards.requirePlayer,
      schema: { tags, querystring: TransparencyQuery, response: { 200: Envelope(TransparencyAnswer) } },
    },
    async (request) => ok(await readTransparency(ctx, request.playerId, request.query.period ?? 'day')),
  );

  app.get('/api/app/legal', { schema: { tags, response: { 200: Envelope(LegalInfo) } } }, async () =>
    ok({ shown: ctx.config.regulatoryProfile === 'br-licensed', ...ctx.config.legal }),
  );

  ctx.background.every({
    name: 'transparency-fold',
    intervalMs: FOLD_INTERVAL_MS,
    tick: async () => {
      await foldPlayerDays(ctx.db);
    },
  });
};
