import { useTranslation } from 'react-i18next';

/**
 * The server's codes an operator meets, one list per vocabulary, each code with its words in
 * `locales/<lang>.json` under `words.<vocabulary>` (decision 0035). Operators read words, never the raw code;
 * a code missing here still shows as words (humanised) and `vocabulary.test.ts` names it.
 */
export const VOCABULARIES = {
  /** A price package's group (`curreny`, spelt so by the spec); the empty group is `none`. */
  currency: ['BRL', 'EXTPAY', 'INSBRL', 'EXPPAY', 'BTBRL', 'FCBRL', 'none'],
  /** Why money moved: a ledger transaction's code (docs/ledger.md). */
  ledgerCode: [
    'deposit',
    'deposit_gift',
    'withdrawal_hold',
    'withdrawal_paid',
    'withdrawal_returned',
    'transfer',
    'bet_stake',
    'bet_payout',
    'sports_stake',
    'sports_payout',
    'sports_payout_reversal',
    'sports_cashout',
    'slots_stake',
    'slots_payout',
    'slots_refund',
    'demo_credit',
    'commission',
    'commission_claim',
    'admin_adjustment',
    'bonus_forfeit',
    'vip_reward',
    'signin_reward',
    'gift_reward',
    'activity_reward',
    'increase_reward',
    'discount_reward',
    'tournament_prize',
    'mission_reward',
    'sports_closed_refund',
    'compliance_unclaimed',
  ],
  /** A ledger account's kind (the chart of accounts). */
  account: [
    'player_cash',
    'player_bonus',
    'player_withdrawal_hold',
    'player_commission',
    'house_provider_clearing',
    'house_payouts',
    'house_game',
    'house_sportsbook',
    'house_bonus_cost',
    'house_fees',
    'house_transfers',
    'house_demo',
    'house_adjustments',
    'house_slots',
    'house_commission',
    'house_prizes',
    'house_unclaimed',
  ],
  /** What an operator did: the audit log's action. */
  auditAction: [
    'activity.create',
    'activity.update',
    'auth.totp_confirm',
    'auth.totp_enrol',
    'award.grant',
    'chat.canned_create',
    'chat.canned_delete',
    'chat.canned_update',
    'chat.reply',
    'chat.reply_reopen',
    'chat.close',
    'chat.reopen',
    'chat.assign',
    'commission.rates',
    'compliance.refunded',
    'commission.run',
    'discount.create',
    'discount.update',
    'game.update',
    'increase.rule',
    'kyc.approve',
    'kyc.reject',
    'missions.create',
    'kyc.selfie_view',
    'kyc.face_recheck_request',
    'kyc.face_recheck_clear',
    'kyc.face_recheck_refuse',
    'notice.create',
    'notice.update',
    'operator.create',
    'operator.update',
    'package.create',
    'package.update',
    'pix.reconcile',
    'pix.refund',
    'player.adjust',
    'player.flags',
    'reward.rule',
    'signin.rewards',
    'slots.sync',
    'spa_report.download',
    'spa_report.run',
    'sports.cashout_fraction',
    'sports.stake_factor',
    'sports.match_create',
    'sports.match_state',
    'sports.market_status',
    'sports.settle',
    'sports.boost_create',
    'sports.boost_end',
    'sports.early_payout_rule',
    'support.settings',
    'vip.level',
    'withdrawal.approve',
    'withdrawal.reject',
    'tournaments.create',
    'tournaments.pay',
  ],
  /** Who supplies a catalogue game: the house or a slots provider. */
  product: ['SELF', 'PG', 'EVO', 'BG'],
  /** A bet in a player's record: its state, and its game (in-house) or kind (sports). */
  betStatus: ['open', 'settled'],
  betGame: ['dice', 'limbo', 'mines', 'rowDouble', 'double', 'luckyColor', 'single', 'parlay', 'outright'],
  /** A state written in an audit entry (`status`): of a player, a KYC, a withdrawal, a conversation, a market. */
  statusValue: [
    'active',
    'blocked',
    'self_excluded',
    'none',
    'pending',
    'approved',
    'rejected',
    'review',
    'open',
    'closed',
    'suspended',
    'settled',
    'disabled',
    'paid',
  ],
  /** What an audit entry changed: the kind before the id in its target (`player:100003`). */
  target: [
    'player',
    'user',
    'game',
    'order',
    'package',
    'operator',
    'notice',
    'conversation',
    'match',
    'day',
    'canned',
    'activity',
    'awards',
    'discount',
    'pix',
    'reward_rule',
    'vip_level',
    'commission_rates',
    'game_catalog',
    'increase_rule',
    'signin_rewards',
    'support_settings',
    'tournament',
    'mission',
  ],
  /** What a ledger transaction refers to: the kind before the id in its reference (`order:1000011`). */
  reference: [
    'order',
    'operator',
    'game_bet',
    'sports_bet',
    'sports_match',
    'slot_transaction',
    'transfer',
    'user',
    'award',
    'signin',
    'vip_reward',
    'increase_offer',
    'commission_day',
    'commission_claim',
    'tournament',
    'mission',
    'compliance_player',
  ],
  /** A ledger check's finding (reconciliation). */
  reconKind: ['balance_mismatch', 'negative_player_balance', 'currency_not_zero'],
} as const;

export type Vocabulary = keyof typeof VOCABULARIES | 'field';

/** Words for a code nobody named yet: `sports_payout_reversal` → "Sports payout reversal", `payoutMax` → "Payout max". */
export function humanise(code: string): string {
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._:-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words === '' ? '—' : words.charAt(0).toUpperCase() + words.slice(1);
}

const keyOf = (vocabulary: Vocabulary, code: string) => `words.${vocabulary}.${code === '' ? 'none' : code}`;

/** `word('ledgerCode', 'bet_payout')` → "Prêmio de jogo" in the operator's language. */
export function useWords() {
  const { t, i18n } = useTranslation();
  return (vocabulary: Vocabulary, code: string | null | undefined): string => {
    if (code === null || code === undefined) return '—';
    const key = keyOf(vocabulary, code);
    return i18n.exists(key) ? t(key) : humanise(code);
  };
}

/** A ledger account as posted: `kind` or `kind:name` (a game, a provider, a campaign), the kind in words. */
export function useAccountWords() {
  const word = useWords();
  return (account: string): string => {
    const colon = account.indexOf(':');
    if (colon < 0) return word('account', account);
    return `${word('account', account.slice(0, colon))} · ${account.slice(colon + 1)}`;
  };
}

/** A ledger reference, `kind:id`, in words: "Pedido 1000011". */
export function useReferenceWords() {
  const word = useWords();
  return (reference: string): string => {
    const colon = reference.indexOf(':');
    if (colon < 0) return word('reference', reference);
    return `${word('reference', reference.slice(0, colon))} ${reference.slice(colon + 1)}`;
  };
}

/** An audit target, `kind:id` or `kind`, in words: "Jogador 100003", "Jogo Jogos da casa / dice". */
export function useTargetWords() {
  const word = useWords();
  return (target: string): string => {
    const colon = target.indexOf(':');
    if (colon < 0) return word('target', target);
    const kind = target.slice(0, colon);
    const id = target.slice(colon + 1);
    // A game is named by its provider and its code: the provider in words.
    const slash = id.indexOf('/');
    const named =
      kind === 'game' && slash > 0 ? `${word('product', id.slice(0, slash))} / ${id.slice(slash + 1)}` : id;
    return `${word('target', kind)} ${named}`;
  };
}
