import type { AppContext } from '../../../app-context.ts';
import type { AuthGuards } from '../../../http/auth.ts';
import type { TypedApp } from '../../../http/typed-app.ts';
import type { Loop } from '../../../lib/loop.ts';
import { type CrashClock, CrashEngine, crashLoop } from './crash.engine.ts';
import { crashRoutes } from './crash.routes.ts';
import type { CrashDeps } from './crash.service.ts';

export { verifyCrash } from './crash.service.ts';

/** The process's crash runtime: its engine and clock. Tests reach it by the database (`crashRuntimeOf`). */
export interface CrashRuntime extends CrashDeps {
  engine: CrashEngine;
}

const runtimes = new WeakMap<object, CrashRuntime>();

/** This app's crash runtime: tests move its clock (`clock.now`) and tick its engine by hand. */
export function crashRuntimeOf(ctx: AppContext): CrashRuntime {
  const runtime = runtimes.get(ctx.db);
  if (!runtime) throw new Error('crash is not registered on this app');
  return runtime;
}

/** Registers Crash: its routes, and its driver loop among the background work (one process drives, by lease). */
export function registerCrash(
  app: TypedApp,
  ctx: AppContext,
  guards: AuthGuards,
  background: { add(loop: Loop): void },
): CrashRuntime {
  const clock: CrashClock = { now: () => Date.now() };
  const chainLength = ctx.config.roundChainLength;
  const engine = new CrashEngine(ctx, chainLength, ctx.config.crash, clock);
  const runtime: CrashRuntime = { ctx, chainLength, clock, engine };
  runtimes.set(ctx.db, runtime);
  crashRoutes(app, runtime, guards);
  background.add(crashLoop(engine, ctx.log));
  return runtime;
}
