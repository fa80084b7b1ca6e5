import { useTranslation } from 'react-i18next';
import { Popup } from '../../components/antd';
import { useEscape } from './use-escape';
import type { PaymentFlow } from './use-payment';
import { WalletTop } from './WalletTop';

/**
 * The payment page in an iframe, titled 'Deposit' as the specification writes it, with the two
 * buttons of spec.md section 4. The balance changes only when the server confirms the payment.
 */
export function PaymentPopup({ payment, visible }: { payment: PaymentFlow; visible: boolean }) {
  const { t } = useTranslation('wallet');
  const shown = visible && payment.order !== undefined;
  const checking = payment.phase === 'checking';
  useEscape(shown, payment.close);
  return (
    <Popup
      visible={shown}
      onMaskClick={payment.close}
      position="bottom"
      bodyClassName="wallet-sheet-body"
      destroyOnClose
    >
      <div
        className="wallet-sheet payment-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="payment-title"
      >
        {/* The specification's literal title, the same in every language. */}
        <WalletTop id="payment-title" title="Deposit" onClose={payment.close} />
        {payment.order ? (
          <iframe
            className="payment-frame"
            src={payment.order.src}
            title={t('payment.pageTitle')}
            referrerPolicy="same-origin"
          />
        ) : null}
        <div className="payment-actions">
          <output className="payment-status" aria-live="polite">
            {checking ? t('payment.checking') : null}
            {payment.phase === 'pending' ? (
              <>
                <strong>{t('payment.pending')}</strong> {payment.message || t('payment.pendingHint')}
              </>
            ) : null}
          </output>
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={checking}
            onClick={() => void payment.check()}
          >
            {t('payment.complete')}
          </button>
          {payment.message && payment.phase !== 'pending' ? (
            <p className="payment-status" role="alert">
              {payment.message}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn-ghost btn-block"
            disabled={checking}
            onClick={() => void payment.cancel()}
          >
            {t('payment.cancel')}
          </button>
        </div>
      </div>
    </Popup>
  );
}
