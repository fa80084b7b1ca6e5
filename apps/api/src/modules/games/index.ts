import type { RegisterModule } from '../../app-module.ts';
import type { GameCode } from '../../db/schema.games.ts';
import { accountId } from '../ledger/ledger.service.ts';
import { gamesRoutes } from './games.routes.ts';
import { RoundEngine, roundEngineLoop } from './rounds.engine.ts';

const HOUSE_GAMES: GameCode[] = ['dice', 'limbo', 'mines', 'rowDouble', 'double', 'luckyColor'];

/**
 * The in-house games: routes, the round engine that keeps Double and Lucky Color running, and the socket event
 * of a player leaving a game page. Answers the engine, which tests tick by hand.
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
  ctx.sockets.on('offGame', (userId, payload) => {
    const gameCode =
      typeof payload === 'object' && payload !== null
        ? String((payload as { gameCode?: unknown }).gameCode ?? '')
        : '';
    ctx.log.info({ userId: userId.toString(), gameCode: gameCode.slice(0, 64) }, 'player left a game page');
  });
  return { engine };
};
