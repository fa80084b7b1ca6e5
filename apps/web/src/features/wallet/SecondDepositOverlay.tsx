import { useTranslation } from 'react-i18next';
import type { OverlayProps } from '../../components/overlay-props';
import { Icon } from '../../components/ui/Icon';
import { formatMoney } from '../../lib/format';
import { openOverlay } from '../../lib/overlays';
import { usePrefs } from '../../lib/prefs';
import { type PricePackage, useUserInfo } from '../../lib/user-info';
import { usePrices } from './api/getPrices';
import { OfferWagering } from './OfferWagering';
import { hasGift, sortedPackages } from './packages';
import { useWalletFlow } from './wallet-flow';
import './wallet.css';
import { Button } from '../../components/ui/Button';
import { Sheet } from '../../components/ui/Sheet';

/**
 * The second-deposit offer (spec.md section 4): after registration and when the deposit page is closed
 * with a gift on offer. Each package with a gift opens the deposit page with that package chosen.
 */
export default function SecondDepositOverlay({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation('wallet');
  const locale = usePrefs((state) => state.locale);
  const { data: user } = useUserInfo();
  const prices = usePrices(undefined, visible);
  const offers = sortedPackages(prices.data ?? user?.paypackage).filter(hasGift);

  const choose = (pkg: PricePackage) => {
    useWalletFlow.setState({ offeredPkgId: pkg.pkgId });
    onClose();
    openOverlay('deposit');
  };

  return (
    <Sheet
      position="center"
      visible={visible}
      onClose={onClose}
      title={
        <span className="offer-title">
          <Icon name="gift" /> {t('offer.title')}
        </span>
      }
    >
      <p className="wallet-muted">{t('offer.intro')}</p>
      {offers.length > 0 ? (
        <ul className="offer-list">
          {offers.map((pkg) => (
            <li key={String(pkg.pkgId)}>
              <Button variant="bare" className="offer-item" onClick={() => choose(pkg)}>
                <span className="offer-price">
                  {t('offer.deposit', { price: formatMoney(pkg.price, locale) })}
                </span>
                <span className="package-gift">
                  {t('offer.gift', { gift: formatMoney(pkg.gift, locale) })}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="wallet-muted">{prices.isPending ? t('common:app.loading') : t('deposit.empty')}</p>
      )}
      <OfferWagering visible={visible} />
      <Button variant="ghost" block onClick={onClose}>
        {t('offer.later')}
      </Button>
    </Sheet>
  );
}
