import type { ColumnType, Generated } from 'kysely';

/** Table types of engagement: VIP, rewards, sign-in, activities, awards, increase, discounts (0050_engagement.sql). */

type Cents = ColumnType<bigint, bigint | undefined, bigint>;

export interface VipLevelsTable {
  level: number;
  pay_sum_cents: bigint;
  game_sum_cents: bigint;
  withdraw_day_max_cents: bigint;
  withdraw_day_count: number;
  reward_cents: Cents;
  updated_at: Generated<Date>;
}

export type RewardKind = 'vip' | 'signin' | 'gift' | 'increase' | 'discount' | 'activity';

export interface RewardRulesTable {
  kind: RewardKind;
  wagering_multiple: Generated<number>;
  to_cash: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface VipRewardClaimsTable {
  user_id: bigint;
  level: number;
  amount_cents: bigint;
  created_at: Generated<Date>;
}

export interface SigninRewardsTable {
  day: number;
  reward_cents: bigint;
  updated_at: Generated<Date>;
}

export interface SigninClaimsTable {
  user_id: bigint;
  /** YYYY-MM-DD, the player's own day. */
  player_day: ColumnType<string, string, string>;
  calendar_day: number;
  amount_cents: bigint;
  created_at: Generated<Date>;
}

export interface ActivitiesTable {
  id: Generated<bigint>;
  title: string;
  image: Generated<string>;
  summary: Generated<string>;
  content: Generated<string>;
  starts_at: Date;
  ends_at: Date;
  target_stake_cents: bigint | null;
  reward_cents: Cents;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  created_at: Generated<Date>;
}

export interface AwardsTable {
  id: Generated<bigint>;
  user_id: bigint;
  title: string;
  amount_cents: bigint;
  activity_id: bigint | null;
  granted_by: bigint | null;
  created_at: Generated<Date>;
  received_at: Date | null;
}

export interface IncreaseRuleTable {
  id: Generated<boolean>;
  threshold_cents: bigint;
  /** numeric(6,4) as text. */
  bouns: string;
  enabled: boolean;
  updated_at: Generated<Date>;
}

export interface IncreaseOffersTable {
  id: Generated<bigint>;
  user_id: bigint;
  from_game_sum_cents: bigint;
  game_sum_cents: bigint;
  amount_cents: bigint;
  bouns: string;
  reward_cents: bigint;
  created_at: Generated<Date>;
  received_at: Date | null;
}

export interface DiscountCampaignsTable {
  id: Generated<bigint>;
  name: string;
  audience: 'first_deposit' | 'everyone';
  /** numeric(5,4) as text: a fraction. */
  discount: string;
  hours: number | null;
  starts_at: Date;
  ends_at: Date;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface BonusPushStateTable {
  user_id: bigint;
  bonus_cents: bigint;
}

export interface EngagementTables {
  vip_levels: VipLevelsTable;
  reward_rules: RewardRulesTable;
  vip_reward_claims: VipRewardClaimsTable;
  signin_rewards: SigninRewardsTable;
  signin_claims: SigninClaimsTable;
  activities: ActivitiesTable;
  awards: AwardsTable;
  increase_rule: IncreaseRuleTable;
  increase_offers: IncreaseOffersTable;
  discount_campaigns: DiscountCampaignsTable;
  bonus_push_state: BonusPushStateTable;
}
