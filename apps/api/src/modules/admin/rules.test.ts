import { describe, expect, it } from 'vitest';
import { mayCall, needsSecondFactor } from '../../backoffice/access.ts';
import { reportDays } from '../../backoffice/report-days.ts';
import { assessWithdrawalRisk, sameName } from '../wallet/withdrawal-risk.rules.ts';
import { foldReport } from './reports.rules.ts';

const facts = {
  amountCents: 5_000n,
  reviewAboveCents: 100_000n,
  earlierWithdrawals: 1,
  lastWithdrawalAt: new Date('2026-01-01T10:00:00Z'),
  lastDepositAt: new Date('2026-01-02T10:00:00Z'),
  keyUsedByAnotherPlayer: false,
  holderName: 'Maria Souza',
  kycName: 'Maria Souza',
};

describe('withdrawal risk rules', () => {
  it('a clean withdrawal has no reason; each rule adds its own', () => {
    expect(assessWithdrawalRisk(facts)).toEqual([]);
    expect(assessWithdrawalRisk({ ...facts, amountCents: 100_001n })).toEqual(['above_threshold']);
    expect(assessWithdrawalRisk({ ...facts, amountCents: 100_000n })).toEqual([]);
    expect(assessWithdrawalRisk({ ...facts, earlierWithdrawals: 0, lastWithdrawalAt: null })).toEqual([
      'first_withdrawal',
    ]);
    expect(assessWithdrawalRisk({ ...facts, lastDepositAt: new Date('2026-01-01T09:00:00Z') })).toEqual([
      'no_deposit_since_last',
    ]);
    expect(assessWithdrawalRisk({ ...facts, lastDepositAt: null })).toEqual(['no_deposit_since_last']);
    expect(assessWithdrawalRisk({ ...facts, keyUsedByAnotherPlayer: true })).toEqual(['shared_pix_key']);
    expect(assessWithdrawalRisk({ ...facts, holderName: 'João Souza' })).toEqual(['name_mismatch']);
    expect(assessWithdrawalRisk({ ...facts, kycName: null, holderName: 'Anyone' })).toEqual([]);
  });

  it('names compare without case, accents or extra spaces', () => {
    expect(sameName('  JOSÉ  da Silva', 'jose da silva')).toBe(true);
    expect(sameName('José da Silva', 'José Silva')).toBe(false);
  });
});

describe('operator access', () => {
  it('owner may call everything; other roles only their own calls', () => {
    expect(mayCall(['owner'], 'operators')).toBe(true);
    expect(mayCall(['finance'], 'operators')).toBe(false);
    expect(mayCall(['finance'], 'players.adjust')).toBe(true);
    expect(mayCall(['support'], 'players.read')).toBe(true);
    expect(mayCall(['support'], 'players.flags')).toBe(false);
    expect(mayCall(['trader', 'marketing'], 'notices')).toBe(true);
  });

  it('TOTP is required of owners and finance in production only', () => {
    expect(needsSecondFactor(true, ['owner'])).toBe(true);
    expect(needsSecondFactor(true, ['support', 'finance'])).toBe(true);
    expect(needsSecondFactor(true, ['risk'])).toBe(false);
    expect(needsSecondFactor(false, ['owner'])).toBe(false);
  });
});

describe('daily report rules', () => {
  it('days are inclusive, at most 366, real dates only', () => {
    expect(reportDays('2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(reportDays('2024-01-01', '2024-12-31')).toHaveLength(366);
    expect(() => reportDays('2024-01-01', '2025-01-01')).toThrow();
    expect(() => reportDays('2026-02-29', '2026-03-01')).toThrow();
    expect(() => reportDays('2026-03-02', '2026-03-01')).toThrow();
  });

  it('folds journal sums into deposits, withdrawals, stakes, payouts, GGR per product (sports when settled) and bonus cost', () => {
    const day = '2026-03-01';
    const rows = foldReport(
      [day],
      [
        { day, code: 'deposit', kind: 'player_cash', amountCents: 10_000n },
        { day, code: 'deposit', kind: 'house_provider_clearing', amountCents: -10_000n },
        { day, code: 'deposit_gift', kind: 'house_bonus_cost', amountCents: -500n },
        { day, code: 'withdrawal_paid', kind: 'house_provider_clearing', amountCents: 2_000n },
        { day, code: 'bet_stake', kind: 'house_game', amountCents: 3_000n },
        { day, code: 'bet_payout', kind: 'house_game', amountCents: -1_000n },
        { day, code: 'sports_stake', kind: 'house_sportsbook', amountCents: 700n },
        { day, code: 'sports_payout', kind: 'house_sportsbook', amountCents: -900n },
        { day, code: 'sports_payout_reversal', kind: 'house_sportsbook', amountCents: 100n },
        { day, code: 'commission', kind: 'house_commission', amountCents: -250n },
        { day, code: 'commission', kind: 'player_commission', amountCents: 250n },
        { day, code: 'tournament_prize', kind: 'house_prizes', amountCents: -10_000n },
        { day, code: 'tournament_prize', kind: 'player_cash', amountCents: 10_000n },
        { day, code: 'mission_reward', kind: 'house_prizes', amountCents: -500n },
        { day: '2026-03-02', code: 'bet_stake', kind: 'house_game', amountCents: 99_999n },
      ],
      // Bets settled that day staked 15,00 (placed earlier); the 7,00 placed that day are still open.
      new Map([
        [day, 1_500n],
        ['2026-03-02', 4_000n],
      ]),
      new Map([[day, 3]]),
      new Map([[day, 2]]),
    );
    expect(rows).toEqual([
      {
        day,
        deposits: 100,
        withdrawals: 20,
        stakes: 45,
        payouts: 18,
        ggr: { originals: 20, slots: 0, sports: 7 },
        bonusCost: 5,
        commissionCost: 2.5,
        prizeCost: 105,
        newPlayers: 3,
        activePlayers: 2,
      },
    ]);
  });
});
