import type { AppContext } from '../../app-context.ts';
import type { GameCode } from '../../db/schema.games.ts';
import type { AuthGuards } from '../../http/auth.ts';
import type { TypedApp } from '../../http/typed-app.ts';
import { accountId } from '../ledger/ledger.service.ts';
import { gamesRoutes } from './games.routes.ts';
import { RoundEngine, startRoundEngine } from './rounds.engine.ts';

const HOUSE_GAMES: GameCode[] = ['dice', 'limbo', 'mines', 'rowDouble', 'double', 'luckyColor'];

/** Rounds a published chain covers when not configured: 200,000 rounds of 30 s are about 70 days of play. */
export const ROUND_CHAIN_LENGTH = 200_000;

/** The in-house games: routes, and the round engine that keeps Double and Lucky Color running. */
export function registerGames(
  app: TypedApp,
  ctx: AppContext,
  guards: AuthGuards,
  options: { chainLength?: number } = {},
) {
  const chainLength = options.chainLength ?? ROUND_CHAIN_LENGTH;
  gamesRoutes(app, ctx, guards, chainLength);
  // Each game's house account is opened at boot, committed, before any bet: otherwise the first bets of a game
  // race to create it, and the ledger's remembered account ids can hand one bet the id of an account another
  // bet has created but not yet committed (a 500).
  app.addHook('onReady', async () => {
    await ctx.db.transaction().execute(async (trx) => {
      for (const game of HOUSE_GAMES) await accountId(trx, { kind: 'house_game', name: game });
    });
  });
  const engine = new RoundEngine(ctx, chainLength);
  let running: ReturnType<typeof startRoundEngine> | undefined;
  return {
    engine,
    start() {
      running = startRoundEngine(engine, ctx.log);
    },
    async stop() {
      await running?.stop();
    },
  };
}
