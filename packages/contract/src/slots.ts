import { type Static, Type } from 'typebox';
import { PageQuery, Text } from './common.ts';

/** Slots from providers (api-contract section 15). */

export const SlotProductCode = Type.Union([
  Type.Literal('PG'),
  Type.Literal('EVO'),
  Type.Literal('BG'),
  Type.Literal('SELF'),
]);

/** GET /api/app/game/list */
export const GameListQuery = Type.Object({
  productCode: Type.Optional(SlotProductCode),
  q: Type.Optional(Text({ maxLength: 64 })),
  ...PageQuery,
});
export type GameListQuery = Static<typeof GameListQuery>;

export const GameListRecord = Type.Object({
  value: Type.String(),
  productCode: Type.String(),
  gameType: Type.String(),
  name: Type.String(),
  icon: Type.String(),
  stop: Type.Boolean(),
  hot: Type.Boolean(),
  /** The provider's stated return to player (0.965); null for the in-house games. */
  rtp: Type.Union([Type.Number(), Type.Null()]),
});
export type GameListRecord = Static<typeof GameListRecord>;

export const GameListAnswer = Type.Object({ records: Type.Array(GameListRecord), total: Type.Integer() });
export type GameListAnswer = Static<typeof GameListAnswer>;

/** POST /api/app/game/launch */
export const GameLaunchBody = Type.Object({
  productCode: Type.Union([Type.Literal('PG'), Type.Literal('EVO'), Type.Literal('BG')]),
  value: Text({ minLength: 1, maxLength: 64 }),
});
export type GameLaunchBody = Static<typeof GameLaunchBody>;

export const GameLaunchAnswer = Type.Object({ url: Type.String() });
export type GameLaunchAnswer = Static<typeof GameLaunchAnswer>;

/** GET /api/app/game/inPlay: the open session, or null. */
export const InPlayAnswer = Type.Union([
  Type.Object({
    productCode: Type.String(),
    value: Type.String(),
    name: Type.String(),
    since: Type.Number(),
  }),
  Type.Null(),
]);
export type InPlayAnswer = Static<typeof InPlayAnswer>;

/** GET /api/app/game/info (ours): what /gameMess shows of a provider's game. */
export const GameInfoQuery = Type.Object({
  productCode: Type.Union([Type.Literal('PG'), Type.Literal('EVO'), Type.Literal('BG')]),
  value: Text({ minLength: 1, maxLength: 64 }),
});
export type GameInfoQuery = Static<typeof GameInfoQuery>;

export const GameInfoAnswer = Type.Object({
  value: Type.String(),
  productCode: Type.String(),
  name: Type.String(),
  icon: Type.String(),
  stop: Type.Boolean(),
  hot: Type.Boolean(),
  rtp: Type.Union([Type.Number(), Type.Null()]),
  /** From the provider's published sheet when known (the built-in studio's games); null otherwise. */
  sheet: Type.Union([
    Type.Object({
      theme: Type.String(),
      volatility: Type.String(),
      reels: Type.Integer(),
      rows: Type.Integer(),
      kind: Type.String(),
      lines: Type.Integer(),
      minBet: Type.Number(),
      maxBet: Type.Number(),
      freeSpins: Type.Object({
        scatterCount: Type.Integer(),
        spins: Type.Integer(),
        multiplier: Type.Number(),
      }),
      paytable: Type.Array(
        Type.Object({
          symbol: Type.String(),
          name: Type.String(),
          count: Type.Integer(),
          timesBet: Type.Number(),
        }),
      ),
      rules: Type.String(),
    }),
    Type.Null(),
  ]),
});
export type GameInfoAnswer = Static<typeof GameInfoAnswer>;

/** GET /api/app/game/slotRounds (ours): the player's slot rounds, newest first (the records page's bets). */
export const SlotRoundsQuery = Type.Object({ ...PageQuery });
export const SlotRound = Type.Object({
  roundId: Type.Integer(),
  productCode: Type.String(),
  game: Type.String(),
  name: Type.String(),
  /** Staked and won in the round, reais. */
  amount: Type.Number(),
  payout: Type.Number(),
  /** open, closed (settled) or rolled_back (stakes returned). */
  status: Type.String(),
  /** spec.md section 3: −10 betting, 10 win, −11 lost, −1 draw exception (bet-codes.ts slotRoundCodes). */
  resultCode: Type.Integer(),
  /** spec.md section 3's second vocabulary: 0 pending, 9999 drawn, 4 lost, −1 abnormal draw. */
  orderStatus: Type.Integer(),
  time: Type.Integer(),
});
export type SlotRound = Static<typeof SlotRound>;
export const SlotRoundsAnswer = Type.Object({ records: Type.Array(SlotRound), total: Type.Integer() });
export type SlotRoundsAnswer = Static<typeof SlotRoundsAnswer>;

/** GET /api/app/game/hot (ours): the slots most played lately, for home's "hot" row. */
export const HotSlotsQuery = Type.Object({
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 10 })),
});
export type HotSlotsQuery = Static<typeof HotSlotsQuery>;

export const HotSlot = Type.Object({
  ...GameListRecord.properties,
  /** Rounds played in it over the last 7 days, by every player. */
  plays: Type.Integer(),
});
export type HotSlot = Static<typeof HotSlot>;
export const HotSlotsAnswer = Type.Object({ records: Type.Array(HotSlot) });
export type HotSlotsAnswer = Static<typeof HotSlotsAnswer>;

/** GET /api/app/game/recent (ours): the slots this player opened last, newest first. */
export const RecentSlotsQuery = Type.Object({
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 10 })),
});
export type RecentSlotsQuery = Static<typeof RecentSlotsQuery>;

export const RecentSlot = Type.Object({
  ...GameListRecord.properties,
  /** When the player last opened it (ms since the epoch). */
  playedAt: Type.Integer(),
});
export type RecentSlot = Static<typeof RecentSlot>;
export const RecentSlotsAnswer = Type.Object({ records: Type.Array(RecentSlot) });
export type RecentSlotsAnswer = Static<typeof RecentSlotsAnswer>;
