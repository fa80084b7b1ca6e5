import { isValidCnpj, isValidCpf, isValidTronAddress, normalizeCnpj, normalizeCpf } from '@aposta/brazil';

export const WITHDRAWAL_MIN_CENTS = 2_000n;
export const WITHDRAWAL_MAX_CENTS = 1_000_000n;

export interface WithdrawLimits {
  lock: boolean;
  remainingToday: number;
  withdrawableCents: bigint;
}

export interface WithdrawInput {
  payCardBank?: string;
  payCardNo?: string;
  amountCents?: bigint;
  lx: string;
}

export type WithdrawRefusal =
  | { key: 'withdraw.locked' }
  | { key: 'withdraw.no_more_today' }
  | { key: 'withdraw.nothing' }
  | { key: 'withdraw.minimum'; limitCents: bigint }
  | { key: 'withdraw.maximum'; maxCents: bigint }
  | { key: 'withdraw.incomplete' }
  | {
      key:
        | 'withdraw.cpf_invalid'
        | 'withdraw.cnpj_invalid'
        | 'withdraw.usdt_not_allowed'
        | 'withdraw.usdt_address_invalid';
    };

/** The account number's own validity is invalid input (400); the checks of spec.md section 5 answer 500/9999. */
export const isAccountRefusal = (refusal: WithdrawRefusal): boolean =>
  refusal.key === 'withdraw.cpf_invalid' ||
  refusal.key === 'withdraw.cnpj_invalid' ||
  refusal.key === 'withdraw.usdt_not_allowed' ||
  refusal.key === 'withdraw.usdt_address_invalid';

/**
 * The checks of spec.md section 5, in its order, repeated on the server; then the checks only the server can
 * make (document check digits, USDT rights and address). Pure: the caller supplies the limits.
 */
export function checkWithdrawal(limits: WithdrawLimits, input: WithdrawInput): WithdrawRefusal | undefined {
  if (limits.lock) return { key: 'withdraw.locked' };
  if (limits.remainingToday < 1) return { key: 'withdraw.no_more_today' };
  if (limits.withdrawableCents <= 0n) return { key: 'withdraw.nothing' };
  if (input.amountCents === undefined || input.amountCents < WITHDRAWAL_MIN_CENTS) {
    return { key: 'withdraw.minimum', limitCents: WITHDRAWAL_MIN_CENTS };
  }
  const maxCents =
    limits.withdrawableCents < WITHDRAWAL_MAX_CENTS ? limits.withdrawableCents : WITHDRAWAL_MAX_CENTS;
  if (input.amountCents > maxCents) return { key: 'withdraw.maximum', maxCents };
  if (!input.payCardBank || !input.payCardNo) return { key: 'withdraw.incomplete' };
  if (input.payCardBank === 'CPF' && !isValidCpf(input.payCardNo)) return { key: 'withdraw.cpf_invalid' };
  if (input.payCardBank === 'CNPJ' && !isValidCnpj(input.payCardNo)) return { key: 'withdraw.cnpj_invalid' };
  if (input.payCardBank === 'USDT') {
    if (input.lx !== '20') return { key: 'withdraw.usdt_not_allowed' };
    if (!isValidTronAddress(input.payCardNo)) return { key: 'withdraw.usdt_address_invalid' };
  }
  return undefined;
}

/** The account number as it is stored and paid: CPF/CNPJ normalised, a TRON address exactly as typed. */
export function normaliseAccount(type: 'CPF' | 'CNPJ' | 'USDT', accountNo: string): string {
  if (type === 'CPF') return normalizeCpf(accountNo) ?? accountNo;
  if (type === 'CNPJ') return normalizeCnpj(accountNo) ?? accountNo;
  return accountNo;
}

/**
 * Transferable to another player now: cash less the wagering still owed, never below zero. A withdrawal no longer
 * uses it (decision 0029: it forfeits the bonus instead); a transfer cannot forfeit, so the wagering still holds it.
 */
export function withdrawableCents(cashCents: bigint, wageringRemainingCents: bigint): bigint {
  const free = cashCents - wageringRemainingCents;
  return free > 0n ? free : 0n;
}

/** A bonus whose wagering is not done: what a withdrawal now forfeits, and what staking would release it. */
export type UnreleasedBonus = {
  bonusCents: bigint;
  wageringLeftCents: bigint;
  wageringTotalCents: bigint;
} | null;

/** Decision 0029: a bonus balance with wagering still owed is unreleased; a withdrawal forfeits it. */
export function unreleasedBonus(
  bonusCents: bigint,
  wageringRemainingCents: bigint,
  wageringTotalCents: bigint,
): UnreleasedBonus {
  if (bonusCents <= 0n || wageringRemainingCents <= 0n) return null;
  const total = wageringTotalCents > wageringRemainingCents ? wageringTotalCents : wageringRemainingCents;
  return { bonusCents, wageringLeftCents: wageringRemainingCents, wageringTotalCents: total };
}
