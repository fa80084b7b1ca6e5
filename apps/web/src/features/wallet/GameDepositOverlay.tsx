import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverlayProps } from '../../components/overlay-props';
import { formatMoney } from '../../lib/format';
import { useIdentityFlow } from '../../lib/identity-flow';
import { openOverlay } from '../../lib/overlays';
import { usePrefs } from '../../lib/prefs';
import { lowBalanceThreshold } from '../../lib/realtime-events';
import { type PricePackage, useUserInfo } from '../../lib/user-info';
import { usePrices } from './api/getPrices';
import { OfferWagering } from './OfferWagering';
import { PackageChoice } from './PackageGrid';
import { PaymentNotices } from './PaymentNotices';
import { PaymentPopup } from './PaymentPopup';
import {
  depositProblem,
  findPackage,
  giftFlag,
  lowBalanceOffer,
  lowBalanceStaysClosed,
  sortedPackages,
} from './packages';
import { usePayment } from './use-payment';
import { useWalletFlow } from './wallet-flow';
import './wallet.css';
import { Button } from '../../components/ui/Button';
import { Sheet } from '../../components/ui/Sheet';

/**
 * The low-balance offer (slot gameDeposit), opened by the socket's insBalance below R$ 10: the first 4
 * packages of getPrices?curreny=INSBRL, paid like a deposit. Without KYC it goes to the identity form first.
 */
export default function GameDepositOverlay({ visible, onClose }: OverlayProps) {
  const { t } = useTranslation('wallet');
  const locale = usePrefs((state) => state.locale);
  const { data: user } = useUserInfo();
  const prices = usePrices('INSBRL', visible);
  const packages = lowBalanceOffer(sortedPackages(prices.data));
  const [selectedId, setSelectedId] = useState<PricePackage['pkgId']>();
  const [problem, setProblem] = useState('');
  const payment = usePayment({
    depositPage: false,
    onPaid() {
      useWalletFlow.setState({ lowBalanceDismissed: undefined });
      onClose();
    },
  });
  const selected = findPackage(packages, selectedId) ?? packages[0];
  const staysClosed =
    visible && lowBalanceStaysClosed(useWalletFlow.getState().lowBalanceDismissed, user?.balance, Date.now());

  const { reset } = payment;
  useEffect(() => {
    if (!visible) reset();
  }, [visible, reset]);
  // Reopened by another push of the same low balance the player already declined: close it again, unseen.
  useEffect(() => {
    if (staysClosed) onClose();
  }, [staysClosed, onClose]);

  /** The player declines the offer: remember it, so the same low balance does not ask again at once. */
  const dismiss = () => {
    useWalletFlow.setState({ lowBalanceDismissed: { balance: user?.balance ?? 0, at: Date.now() } });
    onClose();
  };

  const confirm = () => {
    const missing = depositProblem(selected);
    if (missing || !selected) {
      setProblem(t(missing ?? 'deposit.chooseAmount'));
      return;
    }
    setProblem('');
    if (user && user.kyc !== 1) {
      useIdentityFlow.setState({ returnTo: 'gameDeposit' });
      onClose();
      openOverlay('editBank');
      return;
    }
    void payment.start(selected, giftFlag(false));
  };
  const creating = payment.phase === 'creating';

  return (
    <>
      <Sheet
        position="center"
        visible={visible && !staysClosed}
        onClose={dismiss}
        title={t('lowBalance.title')}
      >
        <p className="wallet-muted">
          {t('lowBalance.intro', {
            balance: formatMoney(user?.balance, locale),
            threshold: formatMoney(lowBalanceThreshold, locale),
          })}
        </p>
        <PackageChoice
          packages={packages}
          selected={selected}
          onSelect={(pkg) => {
            setSelectedId(pkg.pkgId);
            setProblem('');
          }}
          locale={locale}
          giftsOff={false}
          label={t('deposit.amounts')}
          loading={prices.isPending}
        />
        {/* The server's multiples, not spec.md section 9's "1× and 2×" note, which no money path applies (0028). */}
        <OfferWagering visible={visible} />
        <PaymentNotices problem={problem || payment.message} notice={payment.notice} />
        <Button variant="gold" block busy={creating} busyLabel={t('deposit.creating')} onClick={confirm}>
          {t('lowBalance.confirm')}
        </Button>
      </Sheet>
      <PaymentPopup payment={payment} visible={visible} />
    </>
  );
}
