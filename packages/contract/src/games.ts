import { Type } from 'typebox';

/**
 * A stake as the client sent it (a number or a numeric string, api-contract section 1). String first: with
 * `AmountInput` (number first) AJV's type coercion turns "1e2", "0x10", " 10" or `true` into numbers before the
 * handler sees them, and they would be accepted. String first, a string stays as sent and a JSON number becomes
 * its shortest text, so `readAmountCents` judges exactly what was sent.
 */
const AmountInput = Type.Union([Type.String({ maxLength: 20 }), Type.Number()]);

const Balances = { balance: Type.Number(), freeBalance: Type.Number() };
const FairInfo = { nonce: Type.Integer(), serverSeedHash: Type.String(), clientSeed: Type.String() };

export const SeedsAnswer = Type.Object({
  serverSeedHash: Type.String(),
  nextServerSeedHash: Type.String(),
  clientSeed: Type.String(),
  nonce: Type.Integer(),
});
export const RotateBody = Type.Object({
  clientSeed: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export const RotateAnswer = Type.Object({
  revealed: Type.Object({
    serverSeed: Type.String(),
    serverSeedHash: Type.String(),
    clientSeed: Type.String(),
    nonce: Type.Integer(),
  }),
  current: SeedsAnswer,
});
export const VerifyQuery = Type.Object({
  game: Type.Union([
    Type.Literal('dice'),
    Type.Literal('limbo'),
    Type.Literal('mines'),
    Type.Literal('rowDouble'),
  ]),
  serverSeed: Type.String({ minLength: 16, maxLength: 128 }),
  clientSeed: Type.String({ minLength: 1, maxLength: 64 }),
  nonce: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  mines: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 })),
});

export const DiceBetBody = Type.Object({
  amount: AmountInput,
  target: Type.Number({ minimum: 0, maximum: 100 }),
  direction: Type.Union([Type.Literal('under'), Type.Literal('over')]),
});
const BetCommon = {
  betId: Type.Integer(),
  win: Type.Boolean(),
  multiplier: Type.Number(),
  payout: Type.Number(),
  ...FairInfo,
  ...Balances,
};
export const DiceBetAnswer = Type.Object({ ...BetCommon, roll: Type.Number() });
export const LimboBetBody = Type.Object({
  amount: AmountInput,
  target: Type.Number({ minimum: 1.01, maximum: 1_000_000 }),
});
export const LimboBetAnswer = Type.Object({ ...BetCommon, result: Type.Number() });
const Color = Type.Union([Type.Literal('red'), Type.Literal('black'), Type.Literal('white')]);
export const RowDoubleBetBody = Type.Object({ amount: AmountInput, color: Color });
export const RowDoubleBetAnswer = Type.Object({ ...BetCommon, roll: Type.Integer(), color: Color });

export const MinesStartBody = Type.Object({
  amount: AmountInput,
  mines: Type.Integer({ minimum: 1, maximum: 24 }),
});
export const MinesStartAnswer = Type.Object({
  gameId: Type.Integer(),
  mines: Type.Integer(),
  ...FairInfo,
  ...Balances,
});
export const MinesRevealBody = Type.Object({
  gameId: Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 }),
  tile: Type.Integer({ minimum: 0, maximum: 24 }),
});
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
export const MinesCashoutBody = Type.Object({
  gameId: Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 }),
});
export const MinesCashoutAnswer = Type.Object({
  payout: Type.Number(),
  multiplier: Type.Number(),
  mineTiles: Type.Array(Type.Integer()),
  ...Balances,
});
export const MinesActiveAnswer = Type.Union([
  Type.Null(),
  Type.Object({
    gameId: Type.Integer(),
    mines: Type.Integer(),
    amount: Type.Number(),
    revealed: Type.Array(Type.Integer()),
    nonce: Type.Integer(),
    multiplier: Type.Number(),
  }),
]);

const Chain = Type.Object({ terminatingHash: Type.String(), salt: Type.String() });
const Phase = Type.Union([Type.Literal('betting'), Type.Literal('rolling'), Type.Literal('complete')]);
export const DoubleStateAnswer = Type.Object({
  roundId: Type.Integer(),
  phase: Phase,
  endsAt: Type.Integer(),
  roll: Type.Optional(Type.Integer()),
  bets: Type.Array(
    Type.Object({ betId: Type.Integer(), player: Type.String(), amount: Type.Number(), pick: Type.String() }),
  ),
  history: Type.Array(Type.Object({ roundId: Type.Integer(), roll: Type.Integer(), color: Type.String() })),
  chain: Chain,
});
export const DoubleBetBody = Type.Object({
  roundId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  amount: AmountInput,
  color: Color,
});
export const RoundBetAnswer = Type.Object({ betId: Type.Integer(), roundId: Type.Integer(), ...Balances });
export const RoundBetAnswerWithIssue = Type.Object({
  betId: Type.Integer(),
  issue: Type.String(),
  ...Balances,
});
export const DoubleRoundAnswer = Type.Object({
  roundId: Type.Integer(),
  roll: Type.Integer(),
  color: Type.String(),
  seed: Type.String(),
  hash: Type.String(),
});
export const PeriodQuery = Type.Object({ period: Type.Integer({ minimum: 30, maximum: 300 }) });
export const LuckyStateAnswer = Type.Object({
  period: Type.Integer(),
  issue: Type.String(),
  phase: Phase,
  endsAt: Type.Integer(),
  history: Type.Array(Type.Object({ issue: Type.String(), number: Type.Integer() })),
  chain: Chain,
});
export const LuckyBetBody = Type.Object({
  period: Type.Integer({ minimum: 30, maximum: 300 }),
  issue: Type.String({ minLength: 1, maxLength: 32, pattern: '^[0-9]+$' }),
  amount: AmountInput,
  pick: Type.Union([Type.String({ maxLength: 6 }), Type.Integer({ minimum: 0, maximum: 9 })]),
});
export const LuckyRoundAnswer = Type.Object({
  issue: Type.String(),
  number: Type.Integer(),
  seed: Type.String(),
  hash: Type.String(),
});
export const GameBetsQuery = Type.Object({
  game: Type.Optional(
    Type.Union(
      ['dice', 'limbo', 'mines', 'rowDouble', 'double', 'luckyColor'].map((game) => Type.Literal(game)),
    ),
  ),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export const GameBetsAnswer = Type.Object({
  records: Type.Array(
    Type.Object({
      betId: Type.Integer(),
      game: Type.String(),
      amount: Type.Number(),
      payout: Type.Number(),
      multiplier: Type.Number(),
      result: Type.Any(),
      status: Type.String(),
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
    }),
  ),
  total: Type.Integer(),
});
