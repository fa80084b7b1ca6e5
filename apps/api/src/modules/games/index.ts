import type { RegisterModule } from '../../app-module.ts';
import type { GameCode } from '../../db/schema.games.ts';
import { accountId } from '../ledger/ledger.service.ts';
import { registerCrash } from './crash/index.ts';
import { gamesRoutes } from './games.routes.ts';
import { RoundEngine, roundEngineLoop } from './rounds.engine.ts';

const HOUSE_GAMES: GameCode[] = ['dice', 'limbo', 'mines', 'rowDouble', 'double', 'luckyColor', 'crash'];

/**
 * The in-house games: routes and the round engine that keeps Double and Lucky Color running. Answers the
 * engine, which tests tick by hand.
 */
export const register: RegisterModule<{ engine: RoundEngine }> = (app, ctx) => {
  const chainLength = ctx.config.roundChainLength;
  gamesRoutes(app, ctx, ctx.guards, chainLength);
  // Each game's house account is opened at boot, committed, before any bet: otherwise the first bets of a game
  // race to create it, and the ledger's remembered account ids can hand one bet the id of an account another
  // bet has created but not yet committed (a 500).
  app.addHook('onReady', async () => {
    await ctx.db.transaction().execute(async (trx) => {
      for (const game of HOUSE_GAMES) await accountId(trx, { kind: 'house_game', name: game });
    });
  });
  const engine = new RoundEngine(ctx, chainLength);
  ctx.background.add(roundEngineLoop(engine, ctx.log));
  registerCrash(app, ctx, ctx.guards, ctx.background);
  // The socket's `offGame` (a player leaving a game page) is handled by modules/slots, which closes the session.
  return { engine };
};
