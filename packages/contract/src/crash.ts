import { type Static, Type } from 'typebox';

// Crash (api-contract section 20): a multiplayer round game on a published hash chain.

const Balances = { balance: Type.Number(), freeBalance: Type.Number() };
/** As games.ts: a stake is a string or a number, string first so `readAmountCents` judges what was sent. */
const AmountInput = Type.Union([Type.String({ maxLength: 20 }), Type.Number()]);

export const CrashPhase = Type.Union([
  Type.Literal('betting'),
  Type.Literal('running'),
  Type.Literal('crashed'),
]);
export type CrashPhase = Static<typeof CrashPhase>;

export const CrashBetOnRound = Type.Object({
  betId: Type.Integer(),
  user: Type.String(),
  amount: Type.Number(),
  autoCashout: Type.Optional(Type.Number()),
  cashedOutAt: Type.Optional(Type.Number()),
  payout: Type.Optional(Type.Number()),
});
export type CrashBetOnRound = Static<typeof CrashBetOnRound>;

export const CrashStateAnswer = Type.Object({
  roundId: Type.Integer(),
  phase: CrashPhase,
  /** When betting closes and the curve starts from 1.00×. */
  startsAt: Type.Integer(),
  /** The server's clock when it answered, for the client to place the curve. */
  serverTime: Type.Integer(),
  /** Running: the curve now; crashed: the crash point. */
  multiplier: Type.Optional(Type.Number()),
  bets: Type.Array(CrashBetOnRound),
  history: Type.Array(Type.Object({ roundId: Type.Integer(), crashPoint: Type.Number() })),
  chain: Type.Object({ terminatingHash: Type.String(), salt: Type.String() }),
});
export type CrashStateAnswer = Static<typeof CrashStateAnswer>;

export const CrashBetBody = Type.Object({
  roundId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  amount: AmountInput,
  /** The auto cash-out target: 1.01 to 1,000,000, at most 2 decimals. */
  autoCashout: Type.Optional(Type.Number()),
});
export type CrashBetBody = Static<typeof CrashBetBody>;
export const CrashBetAnswer = Type.Object({ betId: Type.Integer(), roundId: Type.Integer(), ...Balances });
export type CrashBetAnswer = Static<typeof CrashBetAnswer>;

export const CrashCashoutBody = Type.Object({ betId: Type.Integer({ minimum: 1 }) });
export type CrashCashoutBody = Static<typeof CrashCashoutBody>;
export const CrashCashoutAnswer = Type.Object({
  multiplier: Type.Number(),
  payout: Type.Number(),
  ...Balances,
});
export type CrashCashoutAnswer = Static<typeof CrashCashoutAnswer>;

export const CrashRoundAnswer = Type.Object({
  roundId: Type.Integer(),
  crashPoint: Type.Number(),
  seed: Type.String(),
  hash: Type.String(),
});
export type CrashRoundAnswer = Static<typeof CrashRoundAnswer>;

export const CrashVerifyQuery = Type.Object({
  seed: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  /** Defaults to the published salt of the crash chain. */
  salt: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
});
export type CrashVerifyQuery = Static<typeof CrashVerifyQuery>;
export const CrashVerifyAnswer = Type.Object({ crashPoint: Type.Number() });
export type CrashVerifyAnswer = Static<typeof CrashVerifyAnswer>;
