-- Withdrawal caps that never contradict each other (issue 27, decision 0029). A higher VIP level never lowers a
-- daily cap: level 1 (ours; spec.md section 9 names levels 2, 3 and 11) capped R$ 10.000 a day while level 2 caps
-- R$ 500, so reaching level 2 cut a player's cap. Level 1 takes level 2's cap when it was above it, then every
-- level is raised to the largest cap below it, so the operator's table is in order before the check below holds.
UPDATE vip_levels l1
   SET withdraw_day_max_cents = least(l1.withdraw_day_max_cents, l2.withdraw_day_max_cents),
       withdraw_day_count = least(l1.withdraw_day_count, l2.withdraw_day_count)
  FROM vip_levels l2
 WHERE l1.level = 1 AND l2.level = 2;

UPDATE vip_levels v
   SET withdraw_day_max_cents = lower.max_cents, withdraw_day_count = lower.max_count
  FROM (SELECT level,
               max(withdraw_day_max_cents) OVER (ORDER BY level) AS max_cents,
               max(withdraw_day_count) OVER (ORDER BY level) AS max_count
          FROM vip_levels) lower
 WHERE v.level = lower.level
   AND (v.withdraw_day_max_cents, v.withdraw_day_count) IS DISTINCT FROM (lower.max_cents, lower.max_count);

-- Checked at commit, so an operator may edit several levels in one transaction: every level's daily amount and
-- count are at least those of every lower level.
CREATE FUNCTION vip_withdraw_caps_in_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM vip_levels lower JOIN vip_levels higher ON higher.level > lower.level
     WHERE higher.withdraw_day_max_cents < lower.withdraw_day_max_cents
        OR higher.withdraw_day_count < lower.withdraw_day_count) THEN
    RAISE EXCEPTION 'vip_levels: a higher level may not have a lower daily withdrawal cap or count'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'vip_withdraw_caps_in_order';
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER vip_withdraw_caps_in_order
  AFTER INSERT OR UPDATE OF withdraw_day_max_cents, withdraw_day_count ON vip_levels
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION vip_withdraw_caps_in_order();
