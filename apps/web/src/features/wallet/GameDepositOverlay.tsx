import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenterPopup } from '../../components/antd';
import type { OverlayProps } from '../../components/overlay-props';
import { formatMoney } from '../../lib/format';
import { openOverlay } from '../../lib/overlays';
import { usePrefs } from '../../lib/prefs';
import { lowBalanceThreshold } from '../../lib/realtime-events';
import { type PricePackage, useUserInfo } from '../../lib/user-info';
import { usePrices } from './api/getPrices';
import { PackageGrid } from './PackageGrid';
import { PaymentPopup } from './PaymentPopup';
import {
  bonusWageringTimes,
  depositProblem,
  findPackage,
  giftFlag,
  lowBalanceOffer,
  lowBalanceStaysClosed,
  sortedPackages,
} from './packages';
import { useEscape } from './use-escape';
import { usePayment } from './use-payment';
import { useWalletFlow } from './wallet-flow';
import './wallet.css';
import { WalletTop } from './WalletTop';

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
  useEscape(visible && !staysClosed && payment.order === undefined, dismiss);

  const confirm = () => {
    const missing = depositProblem(selected);
    if (missing || !selected) {
      setProblem(t(missing ?? 'deposit.chooseAmount'));
      return;
    }
    setProblem('');
    if (user && user.kyc !== 1) {
      useWalletFlow.setState({ kycReturnTo: 'gameDeposit' });
      onClose();
      openOverlay('editBank');
      return;
    }
    void payment.start(selected, giftFlag(false));
  };
  const creating = payment.phase === 'creating';

  return (
    <>
      <CenterPopup
        visible={visible && !staysClosed}
        onMaskClick={dismiss}
        className="wallet-center"
        bodyClassName="wallet-center-body"
      >
        <div className="wallet-card" role="dialog" aria-modal="true" aria-labelledby="low-balance-title">
          <WalletTop id="low-balance-title" tight title={t('lowBalance.title')} onClose={dismiss} />
          <p className="wallet-muted">
            {t('lowBalance.intro', {
              balance: formatMoney(user?.balance, locale),
              threshold: formatMoney(lowBalanceThreshold, locale),
            })}
          </p>
          {packages.length > 0 ? (
            <PackageGrid
              packages={packages}
              selected={selected}
              onSelect={(pkg) => {
                setSelectedId(pkg.pkgId);
                setProblem('');
              }}
              locale={locale}
              giftsOff={false}
              label={t('deposit.amounts')}
            />
          ) : (
            <p className="wallet-muted">{prices.isPending ? t('common:app.loading') : t('deposit.empty')}</p>
          )}
          <p className="wallet-small">{t('offer.rules', { times: bonusWageringTimes })}</p>
          {payment.notice && !problem && !payment.message ? (
            <p className="wallet-ok" role="status">
              {payment.notice}
            </p>
          ) : null}
          {problem || payment.message ? (
            <p className="wallet-problem" role="alert">
              {problem || payment.message}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn-gold btn-block"
            disabled={creating}
            aria-busy={creating}
            onClick={confirm}
          >
            {creating ? t('deposit.creating') : t('lowBalance.confirm')}
          </button>
        </div>
      </CenterPopup>
      <PaymentPopup payment={payment} visible={visible} />
    </>
  );
}
