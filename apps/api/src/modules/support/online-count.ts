import type { AppContext } from '../../app-context.ts';

/**
 * The value behind home's "N online" line (spec.md section 9 shows 101 × value + a random amount). It is the
 * operator's `onlineBase` plus the players with a socket open now, on every server process, so a casino whose
 * operator has set nothing (the demo) shows its real activity instead of nothing (decision 0034).
 */

/** Asking every process for its sockets is a broadcast: once per interval serves every visitor meanwhile. */
const LIVE_CACHE_MS = 15_000;

const cache = new WeakMap<AppContext, { at: number; players: number }>();

export async function connectedPlayerCount(ctx: AppContext, now = Date.now()): Promise<number> {
  const cached = cache.get(ctx);
  if (cached && now - cached.at < LIVE_CACHE_MS) return cached.players;
  // A process that cannot be asked (Redis down) must not take the config call with it: the operator's base stays.
  const players = await ctx.realtime
    .connectedPlayers()
    .then((ids) => ids.length)
    .catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'online count: the connected players could not be counted');
      return 0;
    });
  cache.set(ctx, { at: now, players });
  return players;
}

export async function onlineValue(ctx: AppContext, operatorBase: number): Promise<number> {
  return operatorBase + (await connectedPlayerCount(ctx));
}
