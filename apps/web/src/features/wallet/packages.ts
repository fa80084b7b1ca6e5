import { centsToReais, reaisToCents } from '@aposta/money';
import type { PricePackage } from '../../lib/user-info';

// The price packages of the deposit pages (spec.md sections 3 and 9). Pure, unit tested.

/** The deposit page preselects the package of this price (spec.md section 9). */
export const defaultDepositPrice = 100;
/** The low-balance offer shows only the first packages (spec.md section 9). */
export const lowBalanceOfferSize = 4;
/**
 * Spec.md section 9: the deposit bonus goes up to R$ 20.000. How many times it is wagered is the server's number
 * (GET /api/app/bonus `rules`), never a constant here.
 */
export const depositBonusMax = 20_000;
/** Spec.md section 9: pay within 30 minutes. */
export const payWithinMinutes = 30;
/** A list from the API is bounded before it is drawn. */
export const packagesShownMax = 24;

function usable(pkg: PricePackage): boolean {
  return Number.isFinite(pkg.price) && pkg.price > 0;
}

/** The packages in the API's order (by `sort`, then price), unusable ones (price not above 0) left out. */
export function sortedPackages(list: readonly PricePackage[] | undefined): PricePackage[] {
  if (!Array.isArray(list)) return [];
  return list
    .filter(usable)
    .sort((a, b) => a.sort - b.sort || a.price - b.price)
    .slice(0, packagesShownMax);
}

/** The package of price 100 when there is one, otherwise the first. */
export function defaultPackage(list: readonly PricePackage[]): PricePackage | undefined {
  return list.find((pkg) => pkg.price === defaultDepositPrice) ?? list[0];
}

export function findPackage(
  list: readonly PricePackage[],
  pkgId: PricePackage['pkgId'] | undefined,
): PricePackage | undefined {
  if (pkgId === undefined) return undefined;
  return list.find((pkg) => pkg.pkgId === pkgId);
}

/** The low-balance offer: the first 4 packages. */
export function lowBalanceOffer(list: readonly PricePackage[]): PricePackage[] {
  return list.slice(0, lowBalanceOfferSize);
}

export function hasGift(pkg: PricePackage): boolean {
  return Number.isFinite(pkg.gift) && pkg.gift > 0;
}

/** Closing the deposit page opens the second-deposit offer only when some package carries a gift. */
export function giftAvailable(list: readonly PricePackage[]): boolean {
  return list.some(hasGift);
}

/** The `gift` form field of prePay: 1 takes the package's gift, 0 opts out of promotions. */
export function giftFlag(optOut: boolean): 0 | 1 {
  return optOut ? 0 : 1;
}

/**
 * What "amount must be above 0" means for a chosen package; the message key when it fails
 * (spec.md section 5: 'Por favor, selecione o montante de recarga').
 */
export function depositProblem(pkg: PricePackage | undefined): 'deposit.chooseAmount' | undefined {
  return pkg && usable(pkg) ? undefined : 'deposit.chooseAmount';
}

/** A dismissed low-balance offer stays closed this long while the balance does not drop further. */
export const lowBalanceQuietMs = 10 * 60_000;

export interface LowBalanceDismissal {
  balance: number;
  at: number;
}

/**
 * The socket opens the low-balance offer on every balance push below R$ 10 (a payout confirmation, a
 * user refresh). Once the player has closed it, the same low balance is not a new reason to ask again;
 * a lower balance, or the quiet time running out, is.
 */
export function lowBalanceStaysClosed(
  dismissal: LowBalanceDismissal | undefined,
  balance: number | undefined,
  now: number,
): boolean {
  if (!dismissal || balance === undefined) return false;
  return now - dismissal.at < lowBalanceQuietMs && balance >= dismissal.balance;
}

/**
 * The bonus a deposit of this package credits when the player keeps promotions: the package's gift and the running
 * recharge bonus (payDiscount: price × discount, rounded down to the centavo as the server does). Zero when opted out.
 */
export function depositBonus(pkg: PricePackage, discount: number | undefined, optOut: boolean): number {
  if (optOut) return 0;
  const gift = hasGift(pkg) ? reaisToCents(pkg.gift) : 0n;
  const rate = discount !== undefined && discount > 0 ? BigInt(Math.round(discount * 10_000)) : 0n;
  const extra = (reaisToCents(pkg.price) * rate) / 10_000n;
  return centsToReais(gift + extra);
}
