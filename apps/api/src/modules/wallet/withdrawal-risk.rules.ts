import type { RiskReason } from '@aposta/contract';

/** What the risk rules of api-contract section 12 look at, read by the caller under the player's lock. */
export interface WithdrawalRiskFacts {
  amountCents: bigint;
  reviewAboveCents: bigint;
  /** Withdrawals the player asked for before this one (any outcome). */
  earlierWithdrawals: number;
  /** When the previous withdrawal was asked for, and the last paid deposit credited (null: none). */
  lastWithdrawalAt: Date | null;
  lastDepositAt: Date | null;
  /** Whether another player has used this payout key (PIX key or USDT address). */
  keyUsedByAnotherPlayer: boolean;
  /** The holder name typed for the payout ('' for USDT) and the name of the player's KYC (null: none). */
  holderName: string;
  kycName: string | null;
}

/** Case, accents and spacing aside, the same name: "JOSÉ  da Silva" is "jose da silva". */
export function sameName(a: string, b: string): boolean {
  const plain = (name: string) =>
    name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return plain(a) === plain(b);
}

/** The reasons a withdrawal waits for an operator; empty means it is approved at once. Pure. */
export function assessWithdrawalRisk(facts: WithdrawalRiskFacts): RiskReason[] {
  const reasons: RiskReason[] = [];
  if (facts.amountCents > facts.reviewAboveCents) reasons.push('above_threshold');
  if (facts.earlierWithdrawals === 0) reasons.push('first_withdrawal');
  else if (
    facts.lastWithdrawalAt !== null &&
    (facts.lastDepositAt === null || facts.lastDepositAt <= facts.lastWithdrawalAt)
  ) {
    reasons.push('no_deposit_since_last');
  }
  if (facts.keyUsedByAnotherPlayer) reasons.push('shared_pix_key');
  if (facts.kycName !== null && facts.holderName !== '' && !sameName(facts.holderName, facts.kycName)) {
    reasons.push('name_mismatch');
  }
  return reasons;
}
