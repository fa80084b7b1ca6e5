import { type RawBuilder, sql } from 'kysely';

/**
 * The retention table (decision 0054): what is kept how long, and what happens after. Money records are not in
 * it and never will be: the ledger (accounts, transactions, postings), orders (deposits, withdrawals), bets of
 * every product, transfers, payouts, commissions and the audit log are kept as the law keeps them (Lei
 * 9.613/1998 art. 10 §2: at least five years after the account closes; the tax law's five years too). The
 * job only ever touches the tables named below.
 */
export interface RetentionRule {
  kind: string;
  /** How long after its reference moment the data is kept. */
  keep: string;
  action: 'delete' | 'anonymise';
  source: string;
  /** The statement that applies the rule for a clock instant; answers the rows it touched. */
  apply: (now: Date) => RawBuilder<unknown>;
}

const ago = (now: Date, interval: string) => sql`${now}::timestamptz - ${interval}::interval`;
const FIVE_YEARS = '5 years';
const SIX_MONTHS = '6 months';

/** The rules that delete: each is one statement over one table. */
const deletions: RetentionRule[] = [
  {
    kind: 'sessions',
    keep: '6 months after expiry or revocation',
    action: 'delete',
    source: 'Lei 12.965/2014 (Marco Civil) art. 15: access records kept 6 months',
    apply: (now) =>
      sql`DELETE FROM sessions WHERE coalesce(revoked_at, expires_at) < ${ago(now, SIX_MONTHS)}`,
  },
  {
    kind: 'login_failures',
    keep: '6 months',
    action: 'delete',
    source: 'Lei 12.965/2014 art. 15; LGPD (Lei 13.709/2018) art. 16',
    apply: (now) => sql`DELETE FROM login_failures WHERE failed_at < ${ago(now, SIX_MONTHS)}`,
  },
  {
    kind: 'trusted_devices',
    keep: '1 year after the last login from the device',
    action: 'delete',
    source: 'LGPD art. 15 I (purpose met) and art. 16',
    apply: (now) => sql`DELETE FROM trusted_devices WHERE last_login_at < ${ago(now, '1 year')}`,
  },
  {
    kind: 'captchas',
    keep: '1 day after expiry',
    action: 'delete',
    source: 'LGPD art. 16 (no purpose left)',
    apply: (now) => sql`DELETE FROM captchas WHERE expires_at < ${ago(now, '1 day')}`,
  },
  {
    kind: 'password_reset_codes',
    keep: '30 days after expiry',
    action: 'delete',
    source: 'LGPD art. 16',
    apply: (now) => sql`DELETE FROM password_reset_codes WHERE expires_at < ${ago(now, '30 days')}`,
  },
  {
    kind: 'password_reset_checks',
    keep: '30 days after expiry',
    action: 'delete',
    source: 'LGPD art. 16',
    apply: (now) => sql`DELETE FROM password_reset_checks WHERE expires_at < ${ago(now, '30 days')}`,
  },
  {
    kind: 'idempotency_keys',
    keep: '90 days (a client retries within minutes; the money record is the ledger)',
    action: 'delete',
    source: 'LGPD art. 16 (operational data)',
    apply: (now) => sql`DELETE FROM idempotent_requests WHERE created_at < ${ago(now, '90 days')}`,
  },
  {
    kind: 'mail_outbox',
    keep: '90 days',
    action: 'delete',
    source: 'LGPD art. 16 (copies of mails already sent)',
    apply: (now) => sql`DELETE FROM dev_outbox WHERE created_at < ${ago(now, '90 days')}`,
  },
  {
    kind: 'done_jobs',
    keep: '90 days after done or failed',
    action: 'delete',
    source: 'operational (no personal purpose)',
    apply: (now) => sql`DELETE FROM jobs WHERE coalesce(done_at, failed_at) < ${ago(now, '90 days')}`,
  },
  {
    kind: 'chat_messages',
    keep: '5 years after the conversation’s last message',
    action: 'delete',
    source: 'Portaria SPA/MF 1.143/2024 ch. V and Lei 9.613/1998 art. 10 §2 (5 years, conservative reading)',
    apply: (now) => sql`DELETE FROM chat_messages WHERE conversation_id IN (
      SELECT id FROM chat_conversations WHERE status = 'closed' AND last_message_at < ${ago(now, FIVE_YEARS)})`,
  },
  {
    kind: 'spa_reports',
    keep: '5 years after the reference day',
    action: 'delete',
    source: 'Lei 9.613/1998 art. 10 §2; Portaria SPA/MF 1.143/2024 ch. V (5 years)',
    apply: (now) => sql`DELETE FROM spa_reports WHERE reference_day < (${ago(now, FIVE_YEARS)})::date`,
  },
];

/**
 * A closed account (blocked or self-excluded) whose last activity of any kind is more than five years old and
 * that holds no money: its personal data goes, its id stays, so its bets and ledger entries keep their owner.
 * An account that is merely dormant is not closed (conservative reading): it keeps its data.
 */
export const closedAccountsPastRetention = (now: Date) => sql`
  SELECT u.id FROM users u
   WHERE u.status IN ('blocked', 'self_excluded')
     AND u.created_at < ${ago(now, FIVE_YEARS)}
     AND NOT EXISTS (SELECT 1 FROM retention_anonymised a WHERE a.user_id = u.id)
     AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.subject = 'player' AND s.subject_id = u.id
                      AND s.created_at >= ${ago(now, FIVE_YEARS)})
     AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id
                      AND coalesce(o.finished_at, o.created_at) >= ${ago(now, FIVE_YEARS)})
     AND NOT EXISTS (SELECT 1 FROM game_bets b WHERE b.user_id = u.id AND b.created_at >= ${ago(now, FIVE_YEARS)})
     AND NOT EXISTS (SELECT 1 FROM sports_bets b WHERE b.user_id = u.id
                      AND b.created_at >= ${ago(now, FIVE_YEARS)})
     AND NOT EXISTS (SELECT 1 FROM slot_rounds r WHERE r.user_id = u.id AND r.created_at >= ${ago(now, FIVE_YEARS)})
     AND NOT EXISTS (SELECT 1 FROM rg_exclusions e WHERE e.user_id = u.id
                      AND (e.ends_at IS NULL OR e.ends_at >= ${ago(now, FIVE_YEARS)}) AND e.period <> 'permanent')
     AND NOT EXISTS (SELECT 1 FROM ledger_balances l WHERE l.owner_user_id = u.id AND l.balance_cents <> 0)
   ORDER BY u.id`;

export const ANONYMISE_RULE = {
  kind: 'closed_account_personal_data',
  keep: '5 years after the last activity of a closed account with no balance',
  action: 'anonymise' as const,
  source: 'Lei 9.613/1998 art. 10 §2 (5 years after the account closes); LGPD art. 16',
};

export const RETENTION_RULES = deletions;

/** The table the back office shows: every rule, the anonymisation included, without its SQL. */
export const retentionTable = () =>
  [...deletions, ANONYMISE_RULE].map(({ kind, keep, action, source }) => ({ kind, keep, action, source }));
