import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OverlayProps } from '../../components/overlay-props';
import { formatMoney } from '../../lib/format';
import { useIdentityFlow } from '../../lib/identity-flow';
import type { LocaleCode } from '../../lib/locales';
import { requestOffer } from '../../lib/offers';
import { closeOverlay, openOverlay } from '../../lib/overlays';
import { usePrefs } from '../../lib/prefs';
import { type PricePackage, useUserInfo } from '../../lib/user-info';
import { usePrices } from './api/getPrices';
import { activeDiscount } from './countdown';
import { DiscountBanner } from './DiscountBanner';
import { useDepositGiftTimes } from './OfferWagering';
import { PackageChoice } from './PackageGrid';
import { PaymentNotices } from './PaymentNotices';
import { PaymentPopup } from './PaymentPopup';
import {
  defaultPackage,
  depositBonus,
  depositBonusMax,
  depositProblem,
  findPackage,
  giftAvailable,
  giftFlag,
  payWithinMinutes,
  sortedPackages,
} from './packages';
import { usePayment } from './use-payment';
import { useWalletFlow } from './wallet-flow';
import './wallet.css';
import { Button } from '../../components/ui/Button';
import { Sheet } from '../../components/ui/Sheet';

/** What the chosen package costs and, when there is one, the bonus it credits. */
function DepositSummary({
  price,
  gift,
  locale,
}: {
  price: PricePackage['price'];
  gift: number;
  locale: LocaleCode;
}) {
  const { t } = useTranslation('wallet');
  return (
    <p className="deposit-summary">
      {t('deposit.summary', { price: formatMoney(price, locale) })}
      {gift > 0 ? (
        <span className="deposit-summary-gift">
          {' '}
          {t('deposit.summaryGift', { gift: formatMoney(gift, locale) })}
        </span>
      ) : null}
    </p>
  );
}

/** The deposit's terms: time to pay, when it is credited, the bonus ceiling and its wagering. */
function DepositTerms({ visible, locale }: { visible: boolean; locale: LocaleCode }) {
  const { t } = useTranslation('wallet');
  const giftTimes = useDepositGiftTimes(visible);
  return (
    <section className="wallet-notes" aria-labelledby="deposit-terms">
      <h3 id="deposit-terms" className="wallet-heading">
        {t('deposit.termsTitle')}
      </h3>
      <ul>
        <li>{t('deposit.terms.pay', { minutes: payWithinMinutes })}</li>
        <li>{t('deposit.terms.credit')}</li>
        <li>{t('deposit.terms.bonus', { amount: formatMoney(depositBonusMax, locale) })}</li>
        {giftTimes !== undefined ? <li>{t('deposit.terms.wagering', { times: giftTimes })}</li> : null}
      </ul>
    </section>
  );
}

/**
 * One visit of the deposit page: the chosen package, the problem shown, and whether it was opened from the
 * second-deposit offer.
 */
function useDepositVisit(visible: boolean, needsKyc: boolean, reset: () => void) {
  const [selectedId, setSelectedId] = useState<PricePackage['pkgId']>();
  const [problem, setProblem] = useState('');
  // Opened from the second-deposit offer: closing the page then does not offer it again.
  const fromOffer = useRef(false);
  // The KYC detour closes this page and reopens it: that is still the same visit.
  const backFromKyc = useRef(false);

  // Opening the page: take the package chosen in an offer, if any; leaving it drops an unfinished order.
  useEffect(() => {
    if (visible) {
      const offered = useWalletFlow.getState().offeredPkgId;
      if (offered !== undefined) {
        setSelectedId(offered);
        fromOffer.current = true;
      } else if (!backFromKyc.current) {
        fromOffer.current = false;
      }
      backFromKyc.current = false;
      useWalletFlow.setState({ offeredPkgId: undefined });
      setProblem('');
    } else {
      reset();
    }
  }, [visible, reset]);

  // Spec.md section 4: deposit without KYC goes to the identity form, which comes back here after.
  useEffect(() => {
    if (!visible || !needsKyc) return;
    backFromKyc.current = true;
    useIdentityFlow.setState({ returnTo: 'deposit' });
    closeOverlay('deposit');
    openOverlay('editBank');
  }, [visible, needsKyc]);

  return { fromOffer, selectedId, setSelectedId, problem, setProblem };
}

/**
 * The deposit page (spec.md sections 2, 4, 5): amount grid, opt-out of promotions, discount countdown,
 * confirm, terms; then the payment page. Without KYC it sends the player to the identity form first.
 */
export default function DepositOverlay({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const locale = usePrefs((state) => state.locale);
  const { data: user } = useUserInfo();
  const prices = usePrices(undefined, visible);
  const packages = sortedPackages(prices.data ?? user?.paypackage);
  const [optOut, setOptOut] = useState(false);
  const payment = usePayment({
    depositPage: true,
    onPaid() {
      onClose();
      void navigate('/home');
    },
  });
  const needsKyc = user !== undefined && user.kyc !== 1;
  const { fromOffer, selectedId, setSelectedId, problem, setProblem } = useDepositVisit(
    visible,
    needsKyc,
    payment.reset,
  );
  const selected = findPackage(packages, selectedId) ?? defaultPackage(packages);

  /** The player closes the page: with a gift on offer, the second-deposit offer follows (spec.md section 4). */
  const dismiss = () => {
    onClose();
    if (!fromOffer.current && giftAvailable(packages)) requestOffer('secondDeposit');
  };

  const confirm = () => {
    const missing = depositProblem(selected);
    if (missing || !selected) {
      setProblem(t(missing ?? 'deposit.chooseAmount'));
      return;
    }
    setProblem('');
    void payment.start(selected, giftFlag(optOut));
  };

  const creating = payment.phase === 'creating';
  // What this deposit credits as bonus: the gift and the running recharge bonus, none with the opt-out (issue 27).
  const discount = activeDiscount(user?.payDiscount, Date.now()) ? user?.payDiscount?.discount : undefined;
  const gift = selected ? depositBonus(selected, discount, optOut) : 0;

  return (
    <>
      <Sheet visible={visible && !needsKyc} onClose={dismiss} title={t('deposit.title')}>
        <div className="wallet-scroll">
          <DiscountBanner payDiscount={user?.payDiscount} off={optOut} />
          <h3 className="wallet-heading">{t('deposit.amounts')}</h3>
          <PackageChoice
            packages={packages}
            selected={selected}
            onSelect={(pkg) => {
              setSelectedId(pkg.pkgId);
              setProblem('');
            }}
            locale={locale}
            giftsOff={optOut}
            label={t('deposit.amounts')}
            loading={prices.isPending}
          />

          <label className="wallet-check">
            <input type="checkbox" checked={optOut} onChange={(event) => setOptOut(event.target.checked)} />
            <span>{t('deposit.optOut')}</span>
          </label>
          {optOut ? <p className="wallet-small deposit-opt-out-note">{t('deposit.optOutNote')}</p> : null}

          {selected ? <DepositSummary price={selected.price} gift={gift} locale={locale} /> : null}
          {selected?.channel === 'card' ? (
            <p className="wallet-small deposit-debit-only">{t('deposit.debitOnly')}</p>
          ) : null}

          <PaymentNotices problem={problem || payment.message} notice={payment.notice} />

          <Button variant="primary" block busy={creating} busyLabel={t('deposit.creating')} onClick={confirm}>
            {t('deposit.confirm')}
          </Button>

          <DepositTerms visible={visible} locale={locale} />
        </div>
      </Sheet>
      <PaymentPopup payment={payment} visible={visible} />
    </>
  );
}
