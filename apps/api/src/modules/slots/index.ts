import type { RegisterModule } from '../../app-module.ts';
import { makeOperatorGuard } from '../../backoffice/access.ts';
import { accountId } from '../ledger/ledger.service.ts';
import { providerHttp } from './provider-http.ts';
import { adminSlotRoutes, playerSlotRoutes, providerRoutes } from './slots.routes.ts';
import { SLOT_PROVIDERS, syncCatalog } from './slots.service.ts';
import { closeSession } from './slots.sessions.ts';

/**
 * Slots from providers (docs/decisions/0023): the player's calls, each provider's seamless-wallet callbacks,
 * the catalogue sync, and the socket's `offGame`, which closes the player's session of that game.
 */
export const register: RegisterModule = async (app, ctx) => {
  const http = providerHttp(app);
  playerSlotRoutes(app, ctx, ctx.guards, http);
  adminSlotRoutes(app, ctx, makeOperatorGuard(ctx), http);
  await providerRoutes(app, ctx);
  // Each provider's bank is opened at boot, committed, before any stake (as the in-house games do, modules/games).
  app.addHook('onReady', async () => {
    await ctx.db.transaction().execute(async (trx) => {
      for (const provider of SLOT_PROVIDERS) await accountId(trx, { kind: 'house_slots', name: provider });
    });
  });
  // Once the server answers, the catalogue follows each provider's game list (the built-in studio's by default).
  // A fresh server is busy for a while (the round games' hash chains), so a provider that did not answer in time
  // is asked again, a few times, a little later.
  if (ctx.config.jobsEnabled) {
    let stopped = false;
    app.addHook('onClose', async () => {
      stopped = true;
    });
    app.addHook('onListen', async () => {
      void (async () => {
        for (let attempt = 1; attempt <= 6 && !stopped; attempt++) {
          const counts = await syncCatalog(ctx, http).catch((err) => {
            ctx.log.error({ err }, 'slots: catalogue sync failed');
            return { PG: 0, EVO: 0, BG: 0 };
          });
          if (Object.values(counts).every((count) => count > 0)) return;
          await new Promise((resolve) => setTimeout(resolve, 5_000 * attempt).unref());
        }
      })();
    });
  }
  ctx.sockets.on('offGame', async (userId, payload) => {
    const gameCode =
      typeof payload === 'object' && payload !== null
        ? String((payload as { gameCode?: unknown }).gameCode ?? '').slice(0, 64)
        : '';
    ctx.log.info({ userId: userId.toString(), gameCode }, 'player left a game page');
    if (!gameCode) return;
    // A slot's session ends (its open rounds stay with the provider); an in-house game holds no session. Either
    // way the page the player lands on gets the wallet as the server has it, whatever the game left animating.
    await closeSession(ctx, userId, gameCode);
    await ctx.events.publish('balanceChanged', { userId });
  });
};
