import { isValidCnpj, isValidCpf, isValidTronAddress } from '@aposta/brazil';
import { reaisToCents } from '@aposta/money';

// The withdraw checks of spec.md section 5, in its order, made before the call (the server repeats
// them). Pure: the limits come from GET /api/app/order/getWithdraw. Unit tested.

export type PayoutType = 'CPF' | 'CNPJ' | 'USDT';
export const payoutTypes: readonly PayoutType[] = ['CPF', 'CNPJ', 'USDT'];

/** Spec.md section 9: at most R$ 10.000 per withdrawal (the minimum comes from the server's limitAmount). */
export const withdrawalMaxCents = 1_000_000;

export interface WithdrawLimits {
  limitAmount: number;
  number: number;
  lock: boolean;
  wdAmount: number;
}

export interface WithdrawDraft {
  type: PayoutType | '';
  accountNo: string;
  /** Centavos; undefined when the amount is empty or not a number. */
  amountCents: number | undefined;
}

export type WithdrawProblem =
  | { key: 'locked' }
  | { key: 'noMoreToday' }
  | { key: 'nothing' }
  | { key: 'minimum'; limitCents: number }
  | { key: 'maximum'; maxCents: number }
  | { key: 'incomplete' }
  | { key: 'cpfInvalid' }
  | { key: 'cnpjInvalid' }
  | { key: 'usdtAddressInvalid' };

/** A figure of getWithdraw in whole centavos (@aposta/money, exact); 0 when the answer had none. */
const toCents = (reais: number) => (Number.isFinite(reais) ? Number(reaisToCents(reais)) : 0);

/** The most this player may take out now: what is withdrawable, and never more than R$ 10.000. */
export function withdrawCapCents(limits: Pick<WithdrawLimits, 'wdAmount'>): number {
  return Math.max(0, Math.min(toCents(limits.wdAmount), withdrawalMaxCents));
}

/** The first failed check, in the order of spec.md section 5, then the account's own checks. */
export function checkWithdraw(limits: WithdrawLimits, draft: WithdrawDraft): WithdrawProblem | undefined {
  if (limits.lock) return { key: 'locked' };
  if (!(limits.number >= 1)) return { key: 'noMoreToday' };
  if (!(limits.wdAmount > 0)) return { key: 'nothing' };
  const limitCents = toCents(limits.limitAmount);
  if (draft.amountCents === undefined || draft.amountCents < limitCents)
    return { key: 'minimum', limitCents };
  const maxCents = withdrawCapCents(limits);
  if (draft.amountCents > maxCents) return { key: 'maximum', maxCents };
  const accountNo = draft.accountNo.trim();
  if (draft.amountCents <= 0 || draft.type === '' || accountNo === '') return { key: 'incomplete' };
  if (draft.type === 'CPF' && !isValidCpf(accountNo)) return { key: 'cpfInvalid' };
  if (draft.type === 'CNPJ' && !isValidCnpj(accountNo)) return { key: 'cnpjInvalid' };
  if (draft.type === 'USDT' && !isValidTronAddress(accountNo)) return { key: 'usdtAddressInvalid' };
  return undefined;
}

/** USDT only when the player's lx is '20' (spec.md section 6). */
export function allowedPayoutTypes(lx: string | undefined): PayoutType[] {
  return lx === '20' ? [...payoutTypes] : ['CPF', 'CNPJ'];
}

/** The type the form opens on: the server's CHANNEL when the player may use it, else CPF. */
export function defaultPayoutType(channel: unknown, lx: string | undefined): PayoutType {
  const allowed = allowedPayoutTypes(lx);
  return allowed.find((type) => type === channel) ?? 'CPF';
}

/** What the account field keeps as the player types: digits for CPF, digits and letters for CNPJ. */
export function sanitizeAccountNo(type: PayoutType, text: string): string {
  if (type === 'CPF') return text.replace(/\D/g, '').slice(0, 11);
  // A CNPJ is numeric today; the alphanumeric form (letters in the first 12 places) starts in 2026.
  if (type === 'CNPJ')
    return text
      .toUpperCase()
      .replace(/[^0-9A-Z]/g, '')
      .slice(0, 14);
  return text.trim().slice(0, 64);
}

/** The `ifsc` field: the account number for CPF (and CNPJ, whose PIX key it also is), the USDT rate for USDT. */
export function ifscFor(type: PayoutType, accountNo: string, usdtRate: number): string {
  return type === 'USDT' ? String(usdtRate) : accountNo;
}

/** The holder's name is asked for CPF and CNPJ only. */
export function showsHolderName(type: PayoutType): boolean {
  return type !== 'USDT';
}

/** The bonus's wagering bar (decision 0029): the share of its requirement already bet, 0..1; none without a bonus. */
export function wageringShare(
  bonus: { wageringLeft: number; wageringRequired: number } | null | undefined,
): number {
  if (!bonus || !(bonus.wageringRequired > 0) || !Number.isFinite(bonus.wageringLeft)) return 0;
  const done = bonus.wageringRequired - Math.max(0, bonus.wageringLeft);
  return Math.min(1, Math.max(0, done / bonus.wageringRequired));
}

/** USDT the player receives for an amount in centavos at the given rate (reais per USDT), 2 decimals. */
export function usdtFor(amountCents: number | undefined, usdtRate: number): number | undefined {
  if (amountCents === undefined || !(usdtRate > 0)) return undefined;
  return Math.floor(amountCents / usdtRate) / 100;
}
