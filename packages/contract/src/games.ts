import { type Static, Type } from 'typebox';

/**
 * A stake as the client sent it (a number or a numeric string, api-contract section 1). String first: with
 * `AmountInput` (number first) AJV's type coercion turns "1e2", "0x10", " 10" or `true` into numbers before the
 * handler sees them, and they would be accepted. String first, a string stays as sent and a JSON number becomes
 * its shortest text, so `readAmountCents` judges exactly what was sent.
 */
const AmountInput = Type.Union([Type.String({ maxLength: 20 }), Type.Number()]);

/** The in-house games; the first four are single-player, Double and Lucky Color are shared rounds. */
export const SingleGameCode = Type.Union([
  Type.Literal('dice'),
  Type.Literal('limbo'),
  Type.Literal('mines'),
  Type.Literal('rowDouble'),
]);
export type SingleGameCode = Static<typeof SingleGameCode>;
export const GameCode = Type.Union([
  ...SingleGameCode.anyOf,
  Type.Literal('double'),
  Type.Literal('luckyColor'),
  Type.Literal('crash'),
]);
export type GameCode = Static<typeof GameCode>;

const Balances = { balance: Type.Number(), freeBalance: Type.Number() };
/** The seed pair a single-player bet used. */
export const FairInfo = Type.Object({
  nonce: Type.Integer(),
  serverSeedHash: Type.String(),
  clientSeed: Type.String(),
});
export type FairInfo = Static<typeof FairInfo>;

export const SeedsAnswer = Type.Object({
  serverSeedHash: Type.String(),
  nextServerSeedHash: Type.String(),
  clientSeed: Type.String(),
  nonce: Type.Integer(),
});
export type SeedsAnswer = Static<typeof SeedsAnswer>;
export const RotateBody = Type.Object({
  clientSeed: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export type RotateBody = Static<typeof RotateBody>;
export const RotateAnswer = Type.Object({
  revealed: Type.Object({
    serverSeed: Type.String(),
    serverSeedHash: Type.String(),
    clientSeed: Type.String(),
    nonce: Type.Integer(),
  }),
  current: SeedsAnswer,
});
export type RotateAnswer = Static<typeof RotateAnswer>;
/** A single-player bet's seeds, or (`game=crash`) a crash round's `seed` and optionally the chain's `salt`. */
export const VerifyQuery = Type.Object({
  game: Type.Union([...SingleGameCode.anyOf, Type.Literal('crash')]),
  serverSeed: Type.Optional(Type.String({ minLength: 16, maxLength: 128 })),
  clientSeed: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  nonce: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  mines: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 })),
  seed: Type.Optional(Type.String({ pattern: '^[0-9a-f]{64}$' })),
  salt: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
});

export const DiceBetBody = Type.Object({
  amount: AmountInput,
  target: Type.Number({ minimum: 0, maximum: 100 }),
  direction: Type.Union([Type.Literal('under'), Type.Literal('over')]),
});
export type DiceBetBody = Static<typeof DiceBetBody>;
/** What every single-player bet answers; each game adds its own result. */
export const InstantBetAnswer = Type.Object({
  betId: Type.Integer(),
  win: Type.Boolean(),
  multiplier: Type.Number(),
  payout: Type.Number(),
  ...FairInfo.properties,
  ...Balances,
});
export type InstantBetAnswer = Static<typeof InstantBetAnswer>;
export const DiceBetAnswer = Type.Object({ ...InstantBetAnswer.properties, roll: Type.Number() });
export type DiceBetAnswer = Static<typeof DiceBetAnswer>;
export const LimboBetBody = Type.Object({
  amount: AmountInput,
  target: Type.Number({ minimum: 1.01, maximum: 1_000_000 }),
});
export type LimboBetBody = Static<typeof LimboBetBody>;
export const LimboBetAnswer = Type.Object({ ...InstantBetAnswer.properties, result: Type.Number() });
export type LimboBetAnswer = Static<typeof LimboBetAnswer>;
const Color = Type.Union([Type.Literal('red'), Type.Literal('black'), Type.Literal('white')]);
export const RowDoubleBetBody = Type.Object({ amount: AmountInput, color: Color });
export type RowDoubleBetBody = Static<typeof RowDoubleBetBody>;
export const RowDoubleBetAnswer = Type.Object({
  ...InstantBetAnswer.properties,
  roll: Type.Integer(),
  color: Color,
});
export type RowDoubleBetAnswer = Static<typeof RowDoubleBetAnswer>;

export const MinesStartBody = Type.Object({
  amount: AmountInput,
  mines: Type.Integer({ minimum: 1, maximum: 24 }),
});
export type MinesStartBody = Static<typeof MinesStartBody>;
export const MinesStartAnswer = Type.Object({
  gameId: Type.Integer(),
  mines: Type.Integer(),
  ...FairInfo.properties,
  ...Balances,
});
export type MinesStartAnswer = Static<typeof MinesStartAnswer>;
export const MinesRevealBody = Type.Object({
  gameId: Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 }),
  tile: Type.Integer({ minimum: 0, maximum: 24 }),
});
export type MinesRevealBody = Static<typeof MinesRevealBody>;
export const MinesRevealAnswer = Type.Object({
  tile: Type.Integer(),
  safe: Type.Boolean(),
  revealed: Type.Array(Type.Integer()),
  multiplier: Type.Number(),
  finished: Type.Boolean(),
  payout: Type.Number(),
  mineTiles: Type.Optional(Type.Array(Type.Integer())),
  /** When `finished`: the balances after the game (a full clear pays out). */
  balance: Type.Optional(Type.Number()),
  freeBalance: Type.Optional(Type.Number()),
});
export type MinesRevealAnswer = Static<typeof MinesRevealAnswer>;
export const MinesCashoutBody = Type.Object({
  gameId: Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 }),
});
export type MinesCashoutBody = Static<typeof MinesCashoutBody>;
export const MinesCashoutAnswer = Type.Object({
  payout: Type.Number(),
  multiplier: Type.Number(),
  mineTiles: Type.Array(Type.Integer()),
  ...Balances,
});
export type MinesCashoutAnswer = Static<typeof MinesCashoutAnswer>;
/** The player's open Mines game, without its mines. */
export const ActiveMinesGame = Type.Object({
  gameId: Type.Integer(),
  mines: Type.Integer(),
  amount: Type.Number(),
  revealed: Type.Array(Type.Integer()),
  nonce: Type.Integer(),
  multiplier: Type.Number(),
});
export type ActiveMinesGame = Static<typeof ActiveMinesGame>;
export const MinesActiveAnswer = Type.Union([Type.Null(), ActiveMinesGame]);
export type MinesActiveAnswer = Static<typeof MinesActiveAnswer>;

/** The published end of a round game's hash chain. */
export const RoundChain = Type.Object({ terminatingHash: Type.String(), salt: Type.String() });
export type RoundChain = Static<typeof RoundChain>;
export const RoundPhase = Type.Union([
  Type.Literal('betting'),
  Type.Literal('rolling'),
  Type.Literal('complete'),
]);
export type RoundPhase = Static<typeof RoundPhase>;
export const DoubleBetOnRound = Type.Object({
  betId: Type.Integer(),
  player: Type.String(),
  amount: Type.Number(),
  pick: Type.String(),
});
export type DoubleBetOnRound = Static<typeof DoubleBetOnRound>;
export const DoubleStateAnswer = Type.Object({
  roundId: Type.Integer(),
  phase: RoundPhase,
  /** Betting: when betting closes; rolling: when the round ends. */
  endsAt: Type.Integer(),
  roll: Type.Optional(Type.Integer()),
  bets: Type.Array(DoubleBetOnRound),
  history: Type.Array(Type.Object({ roundId: Type.Integer(), roll: Type.Integer(), color: Color })),
  chain: RoundChain,
});
export type DoubleStateAnswer = Static<typeof DoubleStateAnswer>;
export const DoubleBetBody = Type.Object({
  roundId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  amount: AmountInput,
  color: Color,
});
export type DoubleBetBody = Static<typeof DoubleBetBody>;
export const RoundBetAnswer = Type.Object({ betId: Type.Integer(), roundId: Type.Integer(), ...Balances });
export type RoundBetAnswer = Static<typeof RoundBetAnswer>;
export const RoundBetAnswerWithIssue = Type.Object({
  betId: Type.Integer(),
  issue: Type.String(),
  ...Balances,
});
export type RoundBetAnswerWithIssue = Static<typeof RoundBetAnswerWithIssue>;
export const DoubleRoundAnswer = Type.Object({
  roundId: Type.Integer(),
  roll: Type.Integer(),
  color: Type.String(),
  seed: Type.String(),
  hash: Type.String(),
});
export type DoubleRoundAnswer = Static<typeof DoubleRoundAnswer>;
export const PeriodQuery = Type.Object({ period: Type.Integer({ minimum: 30, maximum: 300 }) });
export const LuckyStateAnswer = Type.Object({
  period: Type.Integer(),
  issue: Type.String(),
  phase: RoundPhase,
  /** Betting: when betting closes (5 s before the draw); afterwards: the draw. */
  endsAt: Type.Integer(),
  history: Type.Array(Type.Object({ issue: Type.String(), number: Type.Integer() })),
  chain: RoundChain,
});
export type LuckyStateAnswer = Static<typeof LuckyStateAnswer>;
export const LuckyBetBody = Type.Object({
  period: Type.Integer({ minimum: 30, maximum: 300 }),
  issue: Type.String({ minLength: 1, maxLength: 32, pattern: '^[0-9]+$' }),
  amount: AmountInput,
  pick: Type.Union([Type.String({ maxLength: 6 }), Type.Integer({ minimum: 0, maximum: 9 })]),
});
export type LuckyBetBody = Static<typeof LuckyBetBody>;
export const LuckyRoundAnswer = Type.Object({
  issue: Type.String(),
  number: Type.Integer(),
  seed: Type.String(),
  hash: Type.String(),
});
export type LuckyRoundAnswer = Static<typeof LuckyRoundAnswer>;
export const GameBetsQuery = Type.Object({
  game: Type.Optional(GameCode),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
/** One bet of the player's game history. */
export const GameBet = Type.Object({
  betId: Type.Integer(),
  game: GameCode,
  amount: Type.Number(),
  payout: Type.Number(),
  multiplier: Type.Number(),
  /** The game's own detail: dice { target, direction, roll }, mines { mines, revealed, mineTiles }… */
  result: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  status: Type.String(),
  /** spec.md section 3: −10 betting, 10 win, −11 lost (bet-codes.ts gameBetCodes). */
  resultCode: Type.Integer(),
  /** spec.md section 3's second vocabulary: 0 pending, 9999 drawn, 4 lost. */
  orderStatus: Type.Integer(),
  nonce: Type.Union([Type.Integer(), Type.Null()]),
  time: Type.Integer(),
  /** Single-player bets: the seed pair used; `serverSeed` is null until the pair is rotated. */
  fair: Type.Union([
    Type.Object({
      serverSeedHash: Type.String(),
      clientSeed: Type.String(),
      serverSeed: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
});
export type GameBet = Static<typeof GameBet>;
export const GameBetsAnswer = Type.Object({ records: Type.Array(GameBet), total: Type.Integer() });
export type GameBetsAnswer = Static<typeof GameBetsAnswer>;
