import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { Sheet } from '../../components/ui/Sheet';
import type { PaymentFlow } from './use-payment';

/**
 * The payment page in an iframe, titled 'Deposit' as the specification writes it, with the two
 * buttons of spec.md section 4. The balance changes only when the server confirms the payment.
 */
export function PaymentPopup({ payment, visible }: { payment: PaymentFlow; visible: boolean }) {
  const { t } = useTranslation('wallet');
  const shown = visible && payment.order !== undefined;
  const checking = payment.phase === 'checking';
  return (
    // The specification's literal title, the same in every language. A tap beside the sheet (easy while it
    // slides up) must not throw away a checkout the player is filling in: the close button and Escape remain.
    <Sheet
      visible={shown}
      onClose={payment.close}
      title="Deposit"
      className="payment-sheet"
      closeOnMaskClick={false}
      destroyOnClose
    >
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
        <Button variant="primary" block busy={checking} onClick={() => void payment.check()}>
          {t('payment.complete')}
        </Button>
        {payment.message && payment.phase !== 'pending' ? (
          <p className="payment-status" role="alert">
            {payment.message}
          </p>
        ) : null}
        <Button variant="ghost" block disabled={checking} onClick={() => void payment.cancel()}>
          {t('payment.cancel')}
        </Button>
      </div>
    </Sheet>
  );
}
