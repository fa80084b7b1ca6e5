import type { ColumnType, Generated } from 'kysely';
import type { AdminTables } from './schema.admin.ts';
import type { EngagementTables } from './schema.engagement.ts';
import type { GamesTables } from './schema.games.ts';
import type { InviteTables } from './schema.invite.ts';
import type { PixTables } from './schema.pix.ts';
import type { KycCheckColumn, RgTables } from './schema.rg.ts';
import type { SlotsTables } from './schema.slots.ts';
import type { SportsbookTables } from './schema.sportsbook.ts';
import type { SupportTables } from './schema.support.ts';

/** Table types of the SQL migrations, written by hand beside them: a migration and its types change together. */

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Cents = ColumnType<bigint, bigint | undefined, bigint>;

export interface UsersTable {
  id: Generated<bigint>;
  username: string;
  password_hash: string;
  name: Generated<string>;
  phone: Generated<string>;
  country: Generated<string>;
  card_no: Generated<string>;
  header: Generated<number>;
  yqm: string;
  inviter_id: bigint | null;
  level: Generated<number>;
  kyc: Generated<number>;
  kyc_name: string | null;
  kyc_cpf: string | null;
  test_flag: Generated<boolean>;
  test_password: string | null;
  lx: Generated<string>;
  status: Generated<'active' | 'blocked' | 'self_excluded'>;
  is_app: Generated<boolean>;
  pay_cents: Cents;
  pay_sum_cents: Cents;
  wd_sum_cents: Cents;
  game_sum_cents: Cents;
  game_pay_cents: Cents;
  add_pay_cents: Cents;
  pay_discount: string | null;
  pay_discount_expires_at: Date | null;
  award_waiting: Generated<boolean>;
  created_at: Generated<Date>;
  wagering_remaining_cents: Cents;
  /** The current wagering cycle's requirement (0050, kept by a trigger): /bonus shows total - remaining done. */
  wagering_total_cents: Generated<bigint>;
  /** Where the first increase offer counts from (0050): existing players' past stakes earn no offer. */
  increase_from_cents: Generated<bigint>;
  /** The player's day: minutes east of UTC, in quarter hours (migration 0007). */
  zone_minutes: Generated<number>;
  zone_changed_at: Date | null;
  kyc_status: Generated<'none' | 'pending' | 'approved' | 'rejected'>;
  kyc_submitted_at: Date | null;
  kyc_reason: string | null;
  /** KYC that holds (migration 0070): birth date and the identity provider's answer. */
  birth_date: ColumnType<string | null, string | null | undefined, string | null>;
  kyc_check: KycCheckColumn;
}

export interface SessionsTable {
  token_hash: Buffer;
  subject: 'player' | 'operator';
  subject_id: bigint;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Date | null;
}

export interface CaptchasTable {
  code_id: number;
  answer: string;
  expires_at: Timestamp;
}

export interface LoginFailuresTable {
  subject: Generated<'player' | 'operator'>;
  username: string;
  address: Generated<string>;
  failed_at: Generated<Date>;
}

export interface TrustedDevicesTable {
  subject: 'player' | 'operator';
  subject_id: bigint;
  device_hash: Buffer;
  last_login_at: Generated<Date>;
}

export interface PasswordResetCodesTable {
  id: Generated<bigint>;
  email: string;
  user_id: bigint | null;
  code_hash: Buffer | null;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface PasswordResetChecksTable {
  check_hash: Buffer;
  user_id: bigint;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface DevOutboxTable {
  id: Generated<bigint>;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: Generated<Date>;
}

export interface OperatorsTable {
  id: Generated<bigint>;
  username: string;
  password_hash: string;
  created_at: Generated<Date>;
  roles: Generated<string[]>;
  status: Generated<'active' | 'disabled'>;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: bigint | null;
  failed_logins: Generated<number>;
  locked_until: Date | null;
  last_login_at: Date | null;
}

export interface NoticesTable {
  id: Generated<bigint>;
  title: string;
  content: string;
  active: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface GameCatalogTable {
  code: string;
  game_type: string;
  product_code: string;
  group_code: 'SELF' | 'PG' | 'EVO' | 'BG';
  name: string;
  icon: string;
  stop: Generated<boolean>;
  sort: Generated<number>;
  bet_min_cents: Cents;
  bet_max_cents: Cents;
  payout_max_cents: Cents;
  hot: Generated<boolean>;
  /** Stated return to player of a provider's slot (0060); null for the in-house games. */
  rtp: Generated<string | null>;
  synced_at: Generated<Date | null>;
}

export type LedgerAccountKind =
  | 'player_cash'
  | 'player_bonus'
  | 'player_withdrawal_hold'
  | 'player_commission'
  | 'house_provider_clearing'
  | 'house_payouts'
  | 'house_game'
  | 'house_sportsbook'
  | 'house_bonus_cost'
  | 'house_fees'
  | 'house_transfers'
  | 'house_demo'
  | 'house_adjustments'
  | 'house_slots'
  | 'house_commission';

export interface LedgerAccountsTable {
  id: Generated<bigint>;
  kind: LedgerAccountKind;
  owner_user_id: bigint | null;
  name: Generated<string>;
  currency: Generated<string>;
  balance_cents: Cents;
  updated_at: Generated<Date>;
}

export interface LedgerTransactionsTable {
  id: Generated<bigint>;
  code: string;
  idempotency_key: string;
  reference_type: string;
  reference_id: string;
  created_at: Generated<Date>;
}

export interface LedgerPostingsTable {
  id: Generated<bigint>;
  transaction_id: bigint;
  account_id: bigint;
  amount_cents: bigint;
  currency: string;
}

/** House legs not yet folded into their account's balance (migration 0041, docs/ledger.md). */
export interface LedgerHousePendingTable {
  id: Generated<bigint>;
  account_id: bigint;
  amount_cents: bigint;
}

/** The view of every account's balance including its unfolded house journal rows. */
export interface LedgerBalancesView {
  id: bigint;
  kind: LedgerAccountKind;
  owner_user_id: bigint | null;
  name: string;
  currency: string;
  balance_cents: bigint;
}

export interface PricePackagesTable {
  pkg_id: Generated<bigint>;
  price_cents: bigint;
  gift_cents: Cents;
  curreny: Generated<string>;
  sort: Generated<number>;
  rollover_multiple: Generated<number>;
  active: Generated<boolean>;
  /** Migration 0081: which deposit channel sells the package. */
  channel: Generated<'pix' | 'card'>;
}

export type OrderStatus = '00' | '10' | '01' | '-01';
export type PayoutType = 'CPF' | 'CNPJ' | 'USDT';

export interface OrdersTable {
  id: Generated<bigint>;
  user_id: bigint;
  type: '10' | '11';
  status: Generated<OrderStatus>;
  amount_cents: bigint;
  gift_cents: Cents;
  pkg_id: bigint | null;
  provider: Generated<string>;
  pay_no: string | null;
  pay_card_bank: PayoutType | null;
  pay_card_no: string | null;
  ifsc: string | null;
  holder_name: string | null;
  whatsapp: string | null;
  usdt_rate: string | null;
  failure_reason: string | null;
  is_app: Generated<boolean>;
  created_at: Generated<Date>;
  expires_at: Date | null;
  finished_at: Date | null;
  /** The deposit discount the order was made with (0050), numeric as text. */
  discount: Generated<string | null>;
  discount_campaign_id: Generated<bigint | null>;
}

export interface PaymentChargesTable {
  txid: string;
  order_id: bigint;
  provider: string;
  amount_cents: bigint;
  br_code: string;
  end_to_end_id: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  paid_at: Date | null;
}

export interface WebhookEventsTable {
  id: Generated<bigint>;
  provider: string;
  received_at: Generated<Date>;
  txid: string | null;
  end_to_end_id: string | null;
  outcome:
    | 'credited'
    | 'duplicate'
    | 'unknown_charge'
    | 'expired_charge'
    | 'amount_mismatch'
    | 'bad_signature'
    /** A payment for an order the player cancelled: owed back to the payer, never credited. */
    | 'refund_due'
    | 'bad_payment_time'
    /** A signed delivery that the PSP's own GET /pix/{endToEndId} does not confirm (issue 16). */
    | 'unconfirmed';
  body: string;
}

export interface SandboxChargesTable {
  txid: string;
  amount_cents: bigint;
  status: Generated<'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR'>;
  br_code: string;
  end_to_end_id: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  paid_at: Date | null;
}

export interface TransfersTable {
  id: Generated<bigint>;
  from_user_id: bigint;
  to_user_id: bigint;
  amount_cents: bigint;
  created_at: Generated<Date>;
}

export interface PayoutAccountsTable {
  user_id: bigint;
  type: PayoutType;
  pay_card_no: string;
  ifsc: Generated<string>;
  holder_name: Generated<string>;
  whatsapp: Generated<string>;
  updated_at: Generated<Date>;
}

export interface JobsTable {
  id: Generated<bigint>;
  kind: string;
  payload: ColumnType<unknown, string | undefined, string>;
  unique_key: string | null;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_until: Date | null;
  done_at: Date | null;
  failed_at: Date | null;
  last_error: string | null;
}

export interface IdempotentRequestsTable {
  user_id: bigint;
  idempotency_key: string;
  route: string;
  request_hash: Buffer | null;
  status_code: number | null;
  response_body: string | null;
  created_at: Generated<Date>;
}

export interface Database
  extends GamesTables,
    SportsbookTables,
    AdminTables,
    InviteTables,
    SupportTables,
    PixTables,
    EngagementTables,
    RgTables,
    SlotsTables {
  orders: OrdersTable;
  payment_charges: PaymentChargesTable;
  webhook_events: WebhookEventsTable;
  sandbox_charges: SandboxChargesTable;
  transfers: TransfersTable;
  payout_accounts: PayoutAccountsTable;
  jobs: JobsTable;
  idempotent_requests: IdempotentRequestsTable;
  price_packages: PricePackagesTable;
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  login_failures: LoginFailuresTable;
  trusted_devices: TrustedDevicesTable;
  password_reset_codes: PasswordResetCodesTable;
  password_reset_checks: PasswordResetChecksTable;
  dev_outbox: DevOutboxTable;
  operators: OperatorsTable;
  notices: NoticesTable;
  game_catalog: GameCatalogTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_postings: LedgerPostingsTable;
  ledger_house_pending: LedgerHousePendingTable;
  ledger_balances: LedgerBalancesView;
}
