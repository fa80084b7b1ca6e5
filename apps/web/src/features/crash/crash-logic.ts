import type { CrashBetOnRound, CrashStateAnswer } from '@aposta/contract';
import { crashMultiplierAt } from '@aposta/fair';

// Crash's client logic, pure: the round as the socket moves it, and the curve to draw. The server judges every
// cash-out by its own clock; this only draws. The server pushes the multiplier 5 times a second (and may skip one
// for a slow socket): between pushes the curve is drawn here from the round's `startsAt` and the published
// formula, on the server's clock (the client's plus `clockOffsetMs`), never far past the last push.

export type CrashView = CrashStateAnswer & {
  /** Server time − client time, measured at the last state answer. */
  clockOffsetMs: number;
  /** The last multiplier the server pushed while running, and when (client clock). */
  tick?: { multiplier: number; at: number };
};

/**
 * How far past the last pushed multiplier the drawn curve may run on its own: pushes come every 200 ms, so this
 * rides over two skipped ones, and a crash push that is late shows at most this much curve past the crash.
 */
export const EXTRAPOLATE_MAX_MS = 600;

export function viewOfState(state: CrashStateAnswer, receivedAt: number): CrashView {
  return { ...state, clockOffsetMs: state.serverTime - receivedAt };
}

type RoundEvent = {
  game?: unknown;
  roundId?: unknown;
  phase?: unknown;
  startsAt?: unknown;
  multiplier?: unknown;
  crashPoint?: unknown;
  elapsed?: unknown;
};

/** A `gameRound` push for crash written into the view; a new round starts with no bets. */
export function applyRoundEvent(view: CrashView, raw: unknown, now: number): CrashView {
  const event = raw as RoundEvent;
  if (event?.game !== 'crash' || typeof event.roundId !== 'number') return view;
  const phase = event.phase as CrashView['phase'];
  if (event.roundId < view.roundId) return view;
  const startsAt = typeof event.startsAt === 'number' ? event.startsAt : view.startsAt;
  const next: CrashView =
    event.roundId === view.roundId ? { ...view } : { ...view, bets: [], roundId: event.roundId };
  next.phase = phase;
  next.startsAt = startsAt;
  if (phase === 'running' && typeof event.multiplier === 'number') {
    next.multiplier = event.multiplier;
    next.tick = { multiplier: event.multiplier, at: now };
    next.clockOffsetMs = refinedOffset(view.clockOffsetMs, startsAt, event.elapsed, now);
  } else if (phase === 'crashed' && typeof event.crashPoint === 'number') {
    next.multiplier = event.crashPoint;
    next.tick = undefined;
    if (!view.history.some((item) => item.roundId === event.roundId))
      next.history = [{ roundId: event.roundId, crashPoint: event.crashPoint }, ...view.history].slice(0, 50);
  } else if (phase === 'betting') {
    next.multiplier = undefined;
    next.tick = undefined;
  }
  return next;
}

type BetEvent = {
  game?: unknown;
  roundId?: unknown;
  betId?: unknown;
  player?: unknown;
  amount?: unknown;
  autoCashout?: unknown;
};

/** A `gameBet` push for the round in play added to its list (once). */
export function applyBetEvent(view: CrashView, raw: unknown): CrashView {
  const event = raw as BetEvent;
  if (event?.game !== 'crash' || event.roundId !== view.roundId || typeof event.betId !== 'number')
    return view;
  if (view.bets.some((bet) => bet.betId === event.betId)) return view;
  const bet: CrashBetOnRound = {
    betId: event.betId,
    user: String(event.player),
    amount: Number(event.amount),
  };
  if (typeof event.autoCashout === 'number') bet.autoCashout = event.autoCashout;
  return { ...view, bets: [...view.bets, bet] };
}

type CashoutEvent = { roundId?: unknown; betId?: unknown; multiplier?: unknown; payout?: unknown };

/** A `crashCashout` push: the bet marked cashed out at its multiplier. */
export function applyCashoutEvent(view: CrashView, raw: unknown): CrashView {
  const event = raw as CashoutEvent;
  if (event?.roundId !== view.roundId || typeof event.multiplier !== 'number') return view;
  const multiplier = event.multiplier;
  return {
    ...view,
    bets: view.bets.map((bet) =>
      bet.betId === event.betId
        ? {
            ...bet,
            cashedOutAt: multiplier,
            ...(typeof event.payout === 'number' ? { payout: event.payout } : {}),
          }
        : bet,
    ),
  };
}

/**
 * A push says the server's clock read `startsAt + elapsed` when it left, so on arrival (client time `now`) the
 * server's clock is at least that: offset ≥ startsAt + elapsed − now. The state answer's estimate (the midpoint of
 * its round trip) is raised to that bound when it falls short, never lowered (a push's transit only makes the
 * bound smaller than the truth).
 */
export function refinedOffset(offsetMs: number, startsAt: number, elapsed: unknown, now: number): number {
  if (typeof elapsed !== 'number' || !Number.isFinite(elapsed)) return offsetMs;
  return Math.max(offsetMs, startsAt + elapsed - now);
}

/** The multiplier to draw now: the curve from the server's start, never far past the last tick it pushed. */
export function displayedMultiplier(view: CrashView, now: number): number {
  if (view.phase === 'betting') return 1;
  if (view.phase === 'crashed') return view.multiplier ?? 1;
  const elapsed = now + view.clockOffsetMs - view.startsAt;
  const curve = crashMultiplierAt(elapsed) / 100;
  if (!view.tick) return Math.max(1, Math.min(curve, view.multiplier ?? curve));
  const lead = crashMultiplierAt(crashElapsedOf(view.tick.multiplier) + EXTRAPOLATE_MAX_MS) / 100;
  return Math.max(view.tick.multiplier, Math.min(curve, lead));
}

/** Milliseconds of running at which the curve shows `multiplier` (for the drawing's time axis). */
export function crashElapsedOf(multiplier: number): number {
  return multiplier <= 1 ? 0 : Math.log(multiplier) / 0.00006;
}

/** What a stake would collect at this multiplier, floored to the centavo like the server. */
export function cashoutValue(amount: number, multiplier: number): number {
  return Math.floor((Math.round(amount * 100) * Math.floor(multiplier * 100 + 1e-9)) / 100) / 100;
}

/** Reads an auto cash-out target the player typed ("2", "2,5", "1.01"): hundredths-exact, 1.01 to 1,000,000. */
export function readAutoTarget(text: string): number | undefined {
  const clean = text.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return undefined;
  const value = Number(clean);
  return value >= 1.01 && value <= 1_000_000 ? value : undefined;
}

/** Seconds left to bet, one decimal, never negative. */
export function bettingSecondsLeft(view: CrashView, now: number): number {
  return Math.max(0, Math.ceil((view.startsAt - (now + view.clockOffsetMs)) / 100) / 10);
}
