-- Engagement (issue 11, api-contract section 13): the VIP table, reward rules, daily sign-in, activities, awards,
-- the increase reward, deposit discounts. Every rule and amount here is operator data (decision 0021).

-- The 11 VIP levels. A level is reached when both sums are met; the third and fourth values cap the player's
-- withdrawals per day (amount and count); `reward_cents` is paid once per player and level when claimed.
CREATE TABLE vip_levels (
  level                  smallint PRIMARY KEY CHECK (level BETWEEN 1 AND 11),
  pay_sum_cents          bigint NOT NULL CHECK (pay_sum_cents >= 0),
  game_sum_cents         bigint NOT NULL CHECK (game_sum_cents >= 0),
  withdraw_day_max_cents bigint NOT NULL CHECK (withdraw_day_max_cents > 0),
  withdraw_day_count     smallint NOT NULL CHECK (withdraw_day_count BETWEEN 1 AND 999),
  reward_cents           bigint NOT NULL DEFAULT 0 CHECK (reward_cents >= 0),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  CHECK (level <> 1 OR (pay_sum_cents = 0 AND game_sum_cents = 0))
);
INSERT INTO vip_levels (level, pay_sum_cents, game_sum_cents, withdraw_day_max_cents, withdraw_day_count, reward_cents)
VALUES
  (1, 0, 0, 1000000, 99, 0),
  (2, 1000, 10000, 50000, 99, 200),
  (3, 5000, 50000, 400000, 99, 1000),
  (4, 30000, 200000, 1200000, 99, 3000),
  (5, 150000, 800000, 3500000, 99, 10000),
  (6, 600000, 3000000, 10000000, 99, 30000),
  (7, 2000000, 10000000, 30000000, 99, 80000),
  (8, 6000000, 35000000, 90000000, 99, 200000),
  (9, 20000000, 120000000, 250000000, 99, 500000),
  (10, 60000000, 350000000, 1000000000, 99, 1500000),
  (11, 200000000, 1000000000, 4000000000, 99, 5000000);

-- The wagering requirement of the current cycle: what was asked since the requirement last stood at zero. With
-- `wagering_remaining_cents` it gives /bonus its progress (done = total - remaining).
ALTER TABLE users ADD COLUMN wagering_total_cents bigint NOT NULL DEFAULT 0 CHECK (wagering_total_cents >= 0);
UPDATE users SET wagering_total_cents = wagering_remaining_cents;

-- The level follows the operator's table, whoever moves the sums (every product's stake, a deposit): the row
-- that counts the money also gets its level, in the same statement, so no path can forget it. A level never
-- goes down. The wagering cycle is kept here for the same reason.
CREATE FUNCTION users_engagement_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.pay_sum_cents IS DISTINCT FROM OLD.pay_sum_cents
     OR NEW.game_sum_cents IS DISTINCT FROM OLD.game_sum_cents
     OR NEW.level IS DISTINCT FROM OLD.level THEN
    NEW.level := greatest(OLD.level, coalesce((
      SELECT max(v.level) FROM vip_levels v
       WHERE v.pay_sum_cents <= NEW.pay_sum_cents AND v.game_sum_cents <= NEW.game_sum_cents), 1));
  END IF;
  IF NEW.wagering_remaining_cents > OLD.wagering_remaining_cents THEN
    NEW.wagering_total_cents := CASE WHEN OLD.wagering_remaining_cents = 0
      THEN NEW.wagering_remaining_cents
      ELSE OLD.wagering_total_cents + (NEW.wagering_remaining_cents - OLD.wagering_remaining_cents) END;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER users_engagement_follow BEFORE UPDATE ON users FOR EACH ROW
  WHEN (NEW.pay_sum_cents IS DISTINCT FROM OLD.pay_sum_cents
        OR NEW.game_sum_cents IS DISTINCT FROM OLD.game_sum_cents
        OR NEW.level IS DISTINCT FROM OLD.level
        OR NEW.wagering_remaining_cents > OLD.wagering_remaining_cents)
  EXECUTE FUNCTION users_engagement_follow();

-- Per kind of reward: the wagering multiple of its bonus credits, or cash (no wagering, withdrawable at once).
CREATE TABLE reward_rules (
  kind               text PRIMARY KEY CHECK (kind IN ('vip', 'signin', 'gift', 'increase', 'discount', 'activity')),
  wagering_multiple  smallint NOT NULL DEFAULT 1 CHECK (wagering_multiple BETWEEN 0 AND 100),
  to_cash            boolean NOT NULL DEFAULT false,
  updated_at         timestamptz NOT NULL DEFAULT now()
);
INSERT INTO reward_rules (kind) VALUES ('vip'), ('signin'), ('gift'), ('increase'), ('discount'), ('activity');

CREATE TABLE vip_reward_claims (
  user_id      bigint NOT NULL REFERENCES users(id),
  level        smallint NOT NULL CHECK (level BETWEEN 2 AND 11),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, level)
);

-- Daily sign-in: the reward of each day of the 7-day calendar, and each player's claims (one per player's day).
CREATE TABLE signin_rewards (
  day          smallint PRIMARY KEY CHECK (day BETWEEN 1 AND 7),
  reward_cents bigint NOT NULL CHECK (reward_cents >= 0),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
INSERT INTO signin_rewards (day, reward_cents) VALUES (1, 100), (2, 100), (3, 200), (4, 200), (5, 300), (6, 500), (7, 1000);

CREATE TABLE signin_claims (
  user_id       bigint NOT NULL REFERENCES users(id),
  -- The player's own calendar day (their recorded zone) the claim belongs to.
  player_day    date NOT NULL,
  calendar_day  smallint NOT NULL CHECK (calendar_day BETWEEN 1 AND 7),
  amount_cents  bigint NOT NULL CHECK (amount_cents >= 0),
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, player_day)
);

-- Activities: operator campaigns shown on home and /active{id}. One with a stake target awards `reward_cents` to
-- each player whose stakes within its days reach the target (an award the player receives once).
CREATE TABLE activities (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title              text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  image              text NOT NULL DEFAULT '' CHECK (length(image) <= 500),
  summary            text NOT NULL DEFAULT '' CHECK (length(summary) <= 500),
  content            text NOT NULL DEFAULT '' CHECK (length(content) <= 20000),
  starts_at          timestamptz NOT NULL,
  ends_at            timestamptz NOT NULL,
  target_stake_cents bigint CHECK (target_stake_cents IS NULL OR target_stake_cents > 0),
  reward_cents       bigint NOT NULL DEFAULT 0 CHECK (reward_cents >= 0),
  enabled            boolean NOT NULL DEFAULT true,
  sort               integer NOT NULL DEFAULT 0,
  created_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
CREATE INDEX activities_running_idx ON activities (starts_at, ends_at) WHERE enabled;

-- Awards waiting for a player (the home popup): granted by an operator, or earned in an activity. Received once.
CREATE TABLE awards (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users(id),
  title        text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  activity_id  bigint REFERENCES activities(id),
  granted_by   bigint REFERENCES operators(id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  received_at  timestamptz,
  UNIQUE (user_id, activity_id)
);
CREATE INDEX awards_waiting_idx ON awards (user_id) WHERE received_at IS NULL;

-- The increase reward: once a player's stakes since the last offer reach the threshold, an offer of
-- amount × (bouns - 1) is made (`userBetAmount`); only the latest offer can be received, once.
CREATE TABLE increase_rule (
  id              boolean PRIMARY KEY DEFAULT true CHECK (id),
  threshold_cents bigint NOT NULL DEFAULT 20000 CHECK (threshold_cents > 0),
  bouns           numeric(6, 4) NOT NULL DEFAULT 1.05 CHECK (bouns > 1 AND bouns <= 10),
  enabled         boolean NOT NULL DEFAULT true,
  updated_at      timestamptz NOT NULL DEFAULT now()
);
INSERT INTO increase_rule (id) VALUES (true);

CREATE TABLE increase_offers (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users(id),
  -- The stake total the offer counts from (the previous offer's), and the one it was made at (the next counts
  -- from here). One offer per starting point: two pushes at once cannot make two offers for the same stakes.
  from_game_sum_cents bigint NOT NULL,
  game_sum_cents  bigint NOT NULL,
  amount_cents    bigint NOT NULL CHECK (amount_cents > 0),
  bouns           numeric(6, 4) NOT NULL,
  reward_cents    bigint NOT NULL CHECK (reward_cents > 0),
  created_at      timestamptz NOT NULL DEFAULT now(),
  received_at     timestamptz,
  UNIQUE (user_id, from_game_sum_cents)
);
CREATE INDEX increase_offers_user_idx ON increase_offers (user_id, id DESC);
-- Where a player's first offer counts from: players who staked before this feature start from what they had
-- staked (their past stakes earn no offer), new players from zero.
ALTER TABLE users ADD COLUMN increase_from_cents bigint NOT NULL DEFAULT 0 CHECK (increase_from_cents >= 0);
UPDATE users SET increase_from_cents = game_sum_cents;

-- Deposit discounts: while a campaign offers it, a deposit pays price × discount extra. 'first_deposit' offers
-- it to players without a paid deposit for `hours` after they registered; 'everyone' to every player.
CREATE TABLE discount_campaigns (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  audience    text NOT NULL CHECK (audience IN ('first_deposit', 'everyone')),
  discount    numeric(5, 4) NOT NULL CHECK (discount > 0 AND discount < 1),
  hours       integer CHECK (hours IS NULL OR hours BETWEEN 1 AND 8760),
  starts_at   timestamptz NOT NULL,
  ends_at     timestamptz NOT NULL,
  enabled     boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  CHECK (audience <> 'first_deposit' OR hours IS NOT NULL)
);

-- A deposit order keeps the discount it was made with, even if the campaign ends before it is paid.
ALTER TABLE orders ADD COLUMN discount numeric(5, 4) CHECK (discount IS NULL OR (discount > 0 AND discount < 1));
ALTER TABLE orders ADD COLUMN discount_campaign_id bigint REFERENCES discount_campaigns(id);

-- The bonus balance last pushed to the player's sockets: `freeBalance` is sent only when it changed.
CREATE TABLE bonus_push_state (
  user_id     bigint PRIMARY KEY REFERENCES users(id),
  bonus_cents bigint NOT NULL
);
