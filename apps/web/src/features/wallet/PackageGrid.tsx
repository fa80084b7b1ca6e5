import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import type { LocaleCode } from '../../lib/locales';
import type { PricePackage } from '../../lib/user-info';
import { hasGift } from './packages';

/** The amount grid: one tile per package with its price and gift ("+R$ 15,00"); one is chosen. */
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
    // Three columns when they fill every row (6, 9 tiles); else two, so 8 tiles read 2 × 4 with no hole.
    <fieldset className={`package-grid ${packages.length % 3 === 0 ? 'package-grid-3' : 'package-grid-2'}`}>
      <legend className="visually-hidden">{label}</legend>
      {packages.map((pkg) => {
        const checked = selected !== undefined && String(selected.pkgId) === String(pkg.pkgId);
        const price = formatMoney(pkg.price, locale);
        const gift = hasGift(pkg) ? formatMoney(pkg.gift, locale) : '';
        // A card package is paid at the PSP's card checkout, not by PIX: the tile says so.
        const card = pkg.channel === 'card' ? t('deposit.byCard') : '';
        const name = card ? `${price} (${card})` : price;
        return (
          <label key={String(pkg.pkgId)} className="package-tile">
            <input
              type="radio"
              className="visually-hidden"
              name={group}
              checked={checked}
              aria-label={gift ? `${name}, ${t('deposit.giftLabel', { amount: gift })}` : name}
              onChange={() => onSelect(pkg)}
            />
            <span className="package-price" aria-hidden="true">
              {price}
            </span>
            {card ? (
              <span className="package-channel" aria-hidden="true">
                {card}
              </span>
            ) : null}
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

/** The amount grid of a deposit offer or, while it has no package, why: still loading, or none on offer. */
export function PackageChoice({
  loading,
  ...grid
}: Parameters<typeof PackageGrid>[0] & { loading: boolean }) {
  const { t } = useTranslation('wallet');
  if (grid.packages.length > 0) return <PackageGrid {...grid} />;
  return <p className="wallet-muted">{loading ? t('common:app.loading') : t('deposit.empty')}</p>;
}
