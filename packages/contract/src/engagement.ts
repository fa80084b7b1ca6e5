import { type Static, Type } from 'typebox';
import { IdParam, Text } from './common.ts';
import { AmountInput } from './wallet.ts';

/**
 * Engagement (api-contract section 13): VIP, bonus, daily sign-in, activities, awards, increase reward, notices.
 * Money in reais (numbers, 2 decimals), times in epoch milliseconds.
 */

const Money = Type.Number();

export const BalancesAnswer = Type.Object({ balance: Money, freeBalance: Money });
export type BalancesAnswer = Static<typeof BalancesAnswer>;

// --- VIP ---
export const VipLevel = Type.Object({
  level: Type.Integer(),
  paySumAmount: Money,
  gameSumAmount: Money,
  /** The level's daily withdrawal cap (R$) and count. */
  withdrawDayMax: Money,
  withdrawDayCount: Type.Integer(),
  reward: Money,
});
export type VipLevel = Static<typeof VipLevel>;
export const VipLevelsAnswer = Type.Array(VipLevel);
export type VipLevelsAnswer = Static<typeof VipLevelsAnswer>;

export const VipStatusAnswer = Type.Object({
  level: Type.Integer(),
  /** The next level's thresholds, or null at the top level. */
  next: Type.Union([
    Type.Object({ level: Type.Integer(), paySumAmount: Money, gameSumAmount: Money }),
    Type.Null(),
  ]),
  /** The player's sums (deposits, stakes) to compare with `next`. */
  progress: Type.Object({ paySumAmount: Money, gameSumAmount: Money }),
  rewards: Type.Array(Type.Object({ level: Type.Integer(), amount: Money, claimed: Type.Boolean() })),
});
export type VipStatusAnswer = Static<typeof VipStatusAnswer>;

export const VipClaimParams = Type.Object({ level: Type.Integer({ minimum: 1, maximum: 11 }) });

// --- sign-in ---
export const SigninAnswer = Type.Object({
  days: Type.Array(Type.Object({ day: Type.Integer(), reward: Money, claimed: Type.Boolean() })),
  /** The calendar day (1..7) today is, claimed or not. */
  today: Type.Integer(),
  claimedToday: Type.Boolean(),
  /** Consecutive days claimed in the current calendar, today included when claimed. */
  streak: Type.Integer(),
});
export type SigninAnswer = Static<typeof SigninAnswer>;
export const SigninClaimAnswer = Type.Object({
  day: Type.Integer(),
  reward: Money,
  balance: Money,
  freeBalance: Money,
});
export type SigninClaimAnswer = Static<typeof SigninClaimAnswer>;

// --- activities and awards ---
export const ActivitySummary = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  summary: Type.String(),
  startsAt: Type.Integer(),
  endsAt: Type.Integer(),
});
export type ActivitySummary = Static<typeof ActivitySummary>;
export const ActivitiesAnswer = Type.Array(ActivitySummary);
export const ActivityDetail = Type.Object({
  ...ActivitySummary.properties,
  content: Type.String(),
  /** Activities with a stake target: the player's stakes within the activity's days, and its award. */
  progress: Type.Union([
    Type.Object({ staked: Money, target: Money, reward: Money, reached: Type.Boolean() }),
    Type.Null(),
  ]),
});
export type ActivityDetail = Static<typeof ActivityDetail>;
export const IdParams = Type.Object({ id: IdParam });

export const GiftsAnswer = Type.Array(
  Type.Object({ id: Type.Integer(), title: Type.String(), amount: Money }),
);
export type GiftsAnswer = Static<typeof GiftsAnswer>;

// --- bonus ---
export const BonusHistoryKind = Type.String();
export const BonusAnswer = Type.Object({
  freeBalance: Money,
  wagering: Type.Object({ required: Money, done: Money }),
  /** Bonus credits, newest first; `kind` names what released them (vip, signin, gift, increase, discount, ...). */
  history: Type.Array(Type.Object({ kind: BonusHistoryKind, amount: Money, time: Type.Integer() })),
  /**
   * Ours (issue 27): the server's wagering multiples, the one source every page shows. `depositGift`: times a
   * deposit's gift is wagered before it can be withdrawn; `rewards`: per reward kind, its multiple (0 = credited
   * as cash, no wagering).
   */
  rules: Type.Object({
    depositGift: Type.Integer({ minimum: 0 }),
    rewards: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  }),
});
export type BonusAnswer = Static<typeof BonusAnswer>;

// --- notices ---
export const NoticesAnswer = Type.Array(
  Type.Object({ id: Type.Integer(), title: Type.String(), content: Type.String(), time: Type.Integer() }),
);
export type NoticesAnswer = Static<typeof NoticesAnswer>;

// --- socket payloads (api-contract section 7) ---
export interface FreeBalanceEvent {
  freeBalance: number;
  /** spec.md section 3: 1 when the change is a deposit arriving, else 0 (also on insBalance). */
  czflag: 0 | 1;
}
export interface UserBetAmountEvent {
  bouns: number;
  amount: number;
}

// --- back office (permissions vip, bonuses, activities, gifts; engagement.read for the cost report) ---
export const AdminVipLevelBody = Type.Object({
  paySumAmount: AmountInput,
  gameSumAmount: AmountInput,
  withdrawDayMax: AmountInput,
  withdrawDayCount: Type.Integer({ minimum: 1, maximum: 999 }),
  reward: AmountInput,
});
export type AdminVipLevelBody = Static<typeof AdminVipLevelBody>;

export const RewardKindCode = Type.Union([
  Type.Literal('vip'),
  Type.Literal('signin'),
  Type.Literal('gift'),
  Type.Literal('increase'),
  Type.Literal('discount'),
  Type.Literal('activity'),
]);
export type RewardKindCode = Static<typeof RewardKindCode>;
export const RewardRule = Type.Object({
  kind: RewardKindCode,
  wageringMultiple: Type.Integer({ minimum: 0, maximum: 100 }),
  toCash: Type.Boolean(),
});
export type RewardRule = Static<typeof RewardRule>;
export const RewardRulesAnswer = Type.Array(RewardRule);
export const RewardRuleBody = Type.Object({
  wageringMultiple: Type.Integer({ minimum: 0, maximum: 100 }),
  toCash: Type.Boolean(),
});
export const RewardKindParams = Type.Object({ kind: RewardKindCode });

export const SigninRewardsAnswer = Type.Array(Type.Object({ day: Type.Integer(), reward: Money }));
export const SigninRewardsBody = Type.Object({
  rewards: Type.Array(AmountInput, { minItems: 7, maxItems: 7 }),
});
export type SigninRewardsBody = Static<typeof SigninRewardsBody>;

export const AdminActivity = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  summary: Type.String(),
  content: Type.String(),
  startsAt: Type.Integer(),
  endsAt: Type.Integer(),
  targetStake: Type.Union([Money, Type.Null()]),
  reward: Money,
  enabled: Type.Boolean(),
  sort: Type.Integer(),
});
export type AdminActivity = Static<typeof AdminActivity>;
export const AdminActivitiesAnswer = Type.Array(AdminActivity);
export const ActivityBody = Type.Object({
  title: Text({ minLength: 1, maxLength: 120 }),
  image: Text({ maxLength: 500 }),
  summary: Text({ maxLength: 500 }),
  content: Text({ maxLength: 20_000 }),
  startsAt: Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 }),
  endsAt: Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 }),
  /** A stake target (reais) that earns `reward` as an award; null for an activity without one. */
  targetStake: Type.Union([AmountInput, Type.Null()]),
  reward: AmountInput,
  enabled: Type.Boolean(),
  sort: Type.Integer({ minimum: 0, maximum: 10_000 }),
});
export type ActivityBody = Static<typeof ActivityBody>;
export const ActivityUpdateBody = Type.Partial(ActivityBody);
export type ActivityUpdateBody = Static<typeof ActivityUpdateBody>;

export const AdminAward = Type.Object({
  id: Type.Integer(),
  uId: Type.Integer(),
  username: Type.String(),
  title: Type.String(),
  amount: Money,
  activityId: Type.Union([Type.Integer(), Type.Null()]),
  time: Type.Integer(),
  receivedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type AdminAward = Static<typeof AdminAward>;
export const AdminAwardsAnswer = Type.Object({ records: Type.Array(AdminAward), total: Type.Integer() });
export const AwardsQuery = Type.Object({
  uId: Type.Optional(IdParam),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type AwardsQuery = Static<typeof AwardsQuery>;
export const AwardBody = Type.Object({
  uIds: Type.Array(IdParam, { minItems: 1, maxItems: 100 }),
  title: Text({ minLength: 1, maxLength: 120 }),
  amount: AmountInput,
});
export type AwardBody = Static<typeof AwardBody>;

export const IncreaseRule = Type.Object({
  threshold: Money,
  bouns: Type.Number(),
  enabled: Type.Boolean(),
});
export type IncreaseRule = Static<typeof IncreaseRule>;
export const IncreaseRuleBody = Type.Object({
  threshold: AmountInput,
  /** The multiplier the popup counts up to: above 1, at most 10, at most 4 decimals (checked by the server). */
  bouns: Type.Number({ exclusiveMinimum: 1, maximum: 10 }),
  enabled: Type.Boolean(),
});
export type IncreaseRuleBody = Static<typeof IncreaseRuleBody>;

export const DiscountAudience = Type.Union([Type.Literal('first_deposit'), Type.Literal('everyone')]);
export const AdminDiscount = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  audience: DiscountAudience,
  discount: Type.Number(),
  hours: Type.Union([Type.Integer(), Type.Null()]),
  startsAt: Type.Integer(),
  endsAt: Type.Integer(),
  enabled: Type.Boolean(),
});
export type AdminDiscount = Static<typeof AdminDiscount>;
export const AdminDiscountsAnswer = Type.Array(AdminDiscount);
export const DiscountBody = Type.Object({
  name: Text({ minLength: 1, maxLength: 120 }),
  audience: DiscountAudience,
  /** A fraction: 0.1 = 10 % extra; at most 4 decimals (checked by the server). */
  discount: Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1 }),
  /** first_deposit: hours after registration the offer lasts. */
  hours: Type.Union([Type.Integer({ minimum: 1, maximum: 8760 }), Type.Null()]),
  startsAt: Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 }),
  endsAt: Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 }),
  enabled: Type.Boolean(),
});
export type DiscountBody = Static<typeof DiscountBody>;
export const DiscountUpdateBody = Type.Partial(DiscountBody);
export type DiscountUpdateBody = Static<typeof DiscountUpdateBody>;

/** What each campaign cost the house (bonus cost account per campaign), in a period. */
export const CampaignCostsQuery = Type.Object({
  from: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  to: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
});
export type CampaignCostsQuery = Static<typeof CampaignCostsQuery>;
export const CampaignCostsAnswer = Type.Array(
  Type.Object({ campaign: Type.String(), amount: Money, credits: Type.Integer() }),
);
export type CampaignCostsAnswer = Static<typeof CampaignCostsAnswer>;
