-- Deposit packages the operator can edit; these rows are the shipped defaults.
CREATE TABLE price_packages (
  pkg_id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  price_cents       bigint NOT NULL CHECK (price_cents > 0),
  gift_cents        bigint NOT NULL DEFAULT 0 CHECK (gift_cents >= 0 AND gift_cents <= 2000000),
  curreny           text NOT NULL DEFAULT 'BRL' CHECK (curreny IN ('BRL', 'EXTPAY', 'INSBRL', 'EXPPAY', 'BTBRL', 'FCBRL', '')),
  sort              integer NOT NULL DEFAULT 0,
  -- How many times the deposit itself must be wagered before it can be withdrawn (api-contract: default 0).
  rollover_multiple integer NOT NULL DEFAULT 0 CHECK (rollover_multiple BETWEEN 0 AND 100),
  active            boolean NOT NULL DEFAULT true
);

INSERT INTO price_packages (price_cents, gift_cents, curreny, sort) VALUES
  (2000, 200, 'BRL', 1),
  (5000, 500, 'BRL', 2),
  (10000, 1500, 'BRL', 3),
  (20000, 4000, 'BRL', 4),
  (50000, 10000, 'BRL', 5),
  (100000, 25000, 'BRL', 6),
  (500000, 150000, 'BRL', 7),
  (10000000, 2000000, 'BRL', 8),
  (1000, 500, 'INSBRL', 1),
  (3000, 1500, 'INSBRL', 2),
  (5000, 3000, 'INSBRL', 3),
  (10000, 7000, 'INSBRL', 4),
  (10000, 3000, 'EXPPAY', 1),
  (30000, 10000, 'EXPPAY', 2);
