import { type MutableRefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/http';
import { useActionKey } from '../../lib/idempotency-key';
import { firstAnnouncement } from '../../lib/paid-orders';
import { usePrefs } from '../../lib/prefs';
import { showToast } from '../../lib/ui';
import { type PricePackage, reloadUserInfo } from '../../lib/user-info';
import { cancelOrder } from './api/cancelOrder';
import { fetchOrderStatus } from './api/getStatus';
import { type PaymentOrder, type PrePayInput, prePay } from './api/prePay';
import { paymentOutcome } from './order-status';
import { samePaymentUrl } from './payment-url';

/**
 * creating: the pre-order is on its way; open: the payment page is shown; checking: the status call
 * is on its way; pending: the last check said "not paid yet" ('Recarregado').
 */
export type PaymentPhase = 'idle' | 'creating' | 'open' | 'checking' | 'pending';

export interface PaymentFlow {
  phase: PaymentPhase;
  order: (PaymentOrder & { src: string }) | undefined;
  /** A sentence for the player: why the order was reset, or why a check failed. */
  message: string;
  /** Good news that is not a problem: the order was cancelled as asked. */
  notice: string;
  start(pkg: PricePackage, gift: 0 | 1): Promise<void>;
  check(): Promise<void>;
  /** 'Cancelar recarga': cancels the order at the server (and its PIX charge), then closes the page. */
  cancel(): Promise<void>;
  /** Closes the payment page and leaves the order as it is: the payer may still be paying in the bank's app. */
  close(): void;
  reset(): void;
}

/** How often an open payment page asks the server whether the order was paid. */
export const PAYMENT_POLL_MS = 3000;

/** The pre-order call, with the key that makes pressing again after a failure retry the same action. */
function usePreOrder(depositPage: boolean) {
  const isApp = usePrefs((state) => state.isApp);
  const actionKey = useActionKey<PrePayInput>();
  return async (pkg: PricePackage, gift: 0 | 1) => {
    const input: PrePayInput = { pkgId: pkg.pkgId, gift };
    if (depositPage) input.isapp = isApp ? 1 : 0;
    const created = await prePay(input, actionKey.keyFor(input));
    actionKey.settle();
    return created;
  };
}

/**
 * While the payment page is open the app asks on its own: a paid order closes the page even when the socket's
 * push was lost (a reconnecting socket receives nothing). Quietly: a failed poll changes nothing on screen.
 */
function usePaidPoll(
  polledOrder: number | undefined,
  busy: MutableRefObject<boolean>,
  finishPaid: (orderId: number) => Promise<void>,
) {
  const finishPaidRef = useRef(finishPaid);
  finishPaidRef.current = finishPaid;
  useEffect(() => {
    if (polledOrder === undefined) return;
    const timer = setInterval(() => {
      if (busy.current) return;
      fetchOrderStatus(polledOrder).then(
        ({ status }) => {
          if (paymentOutcome(status) !== 'paid' || busy.current) return;
          busy.current = true;
          void finishPaidRef.current(polledOrder).finally(() => {
            busy.current = false;
          });
        },
        () => undefined,
      );
    }, PAYMENT_POLL_MS);
    return () => clearInterval(timer);
  }, [polledOrder, busy]);
}

/** The order on screen and where it stands; reset drops it. */
function useOrderState() {
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [order, setOrder] = useState<PaymentFlow['order']>();
  const reset = useCallback(() => {
    setOrder(undefined);
    setPhase('idle');
  }, []);
  return { phase, setPhase, order, setOrder, reset };
}

/** The server's sentence for a failed call, or ours. */
const apiMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

/**
 * One deposit's way from a package to a confirmed payment (spec.md section 4): pre-order, payment page
 * in an iframe, status check. Nothing is shown as paid until the server says '10'.
 */
export function usePayment({ depositPage, onPaid }: { depositPage: boolean; onPaid(): void }): PaymentFlow {
  const { t } = useTranslation('wallet');
  const preOrder = usePreOrder(depositPage);
  const busy = useRef(false);
  const { phase, setPhase, order, setOrder, reset } = useOrderState();
  const [message, setMessage] = useState('');
  const [notice, setNotice] = useState('');

  const start = async (pkg: PricePackage, gift: 0 | 1) => {
    if (busy.current) return;
    busy.current = true;
    setMessage('');
    setNotice('');
    setPhase('creating');
    try {
      const created = await preOrder(pkg, gift);
      const src = samePaymentUrl(created.url, window.location.origin);
      if (!src) {
        setPhase('idle');
        setMessage(t('payment.badUrl'));
        return;
      }
      setOrder({ ...created, src });
      setPhase('open');
    } catch {
      // The HTTP client has told the player why; the key is kept so pressing again retries this action.
      setPhase('idle');
    } finally {
      busy.current = false;
    }
  };

  // Paid: the balance comes from the server, never from the package price; the toast is said once, whether the
  // socket's push or this page's check learnt it first.
  const finishPaid = async (orderId: number) => {
    await reloadUserInfo().catch(() => undefined);
    if (firstAnnouncement(orderId)) void showToast(t('common:messages.paySuccess'));
    reset();
    onPaid();
  };

  const check = async () => {
    if (!order || busy.current) return;
    busy.current = true;
    setMessage('');
    setPhase('checking');
    try {
      const { status } = await fetchOrderStatus(order.orderId);
      const outcome = paymentOutcome(status);
      if (outcome === 'paid') {
        await finishPaid(order.orderId);
      } else if (outcome === 'reset') {
        reset();
        setMessage(t('payment.reset'));
      } else {
        setPhase('pending');
      }
    } catch (error) {
      setPhase('pending');
      setMessage(apiMessage(error, t('payment.checkFailed')));
    } finally {
      busy.current = false;
    }
  };

  const cancel = async () => {
    if (!order || busy.current) return;
    busy.current = true;
    setMessage('');
    try {
      await cancelOrder(order.orderId);
      reset();
      setNotice(t('payment.cancelled'));
    } catch (error) {
      busy.current = false;
      // 409: the payment arrived first; the status check credits it and closes the page as a paid order does.
      if (error instanceof ApiError && error.httpStatus === 409) {
        await check();
        return;
      }
      setMessage(apiMessage(error, t('payment.cancelFailed')));
    } finally {
      busy.current = false;
    }
  };

  usePaidPoll(phase === 'open' || phase === 'pending' ? order?.orderId : undefined, busy, finishPaid);

  return { phase, order, message, notice, start, check, cancel, close: reset, reset };
}
