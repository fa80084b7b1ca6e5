import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocaleCode } from '../../lib/locales';
import type { PricePackage } from '../../lib/user-info';
import { formatMoneyShort } from './money-text';
import { hasGift } from './packages';

/** The amount grid: one tile per package with its price and gift ("+R$ 15"); one is chosen. */
export function PackageGrid({
  packages,
  selected,
  onSelect,
  locale,
  giftsOff,
  label,
}: {
  packages: readonly PricePackage[];
  selected: PricePackage | undefined;
  onSelect(pkg: PricePackage): void;
  locale: LocaleCode;
  /** The player opted out of promotions: gifts are shown struck through. */
  giftsOff: boolean;
  label: string;
}) {
  const { t } = useTranslation('wallet');
  const group = useId();
  return (
    <fieldset className="package-grid">
      <legend className="visually-hidden">{label}</legend>
      {packages.map((pkg) => {
        const checked = selected !== undefined && String(selected.pkgId) === String(pkg.pkgId);
        const price = formatMoneyShort(pkg.price, locale);
        const gift = hasGift(pkg) ? formatMoneyShort(pkg.gift, locale) : '';
        return (
          <label key={String(pkg.pkgId)} className="package-tile">
            <input
              type="radio"
              className="visually-hidden"
              name={group}
              checked={checked}
              aria-label={gift ? `${price}, ${t('deposit.giftLabel', { amount: gift })}` : price}
              onChange={() => onSelect(pkg)}
            />
            <span className="package-price" aria-hidden="true">
              {price}
            </span>
            {gift ? (
              <span
                className={giftsOff ? 'package-gift package-gift-off' : 'package-gift'}
                aria-hidden="true"
              >
                +{gift}
              </span>
            ) : null}
          </label>
        );
      })}
    </fieldset>
  );
}
