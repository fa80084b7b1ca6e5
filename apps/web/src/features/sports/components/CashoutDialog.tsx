import type { BetView as Bet } from '@aposta/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Sheet } from '../../../components/ui/Sheet';
import { formatMoney } from '../../../lib/format';
import { ApiError } from '../../../lib/http-core';
import { usePrefs } from '../../../lib/prefs';
import { showToast } from '../../../lib/ui';
import { patchUserInfo } from '../../../lib/user-info';
import { fetchCashoutQuote, takeCashout } from '../api/cashout';
import { cashoutPaid, quoteRefreshDelayMs, readQuote, stakeLeftAfter } from '../logic/cashout';

type Quote = NonNullable<ReturnType<typeof readQuote>>;

/** A first quote lost on the way is asked again after this long. */
const firstQuoteRetryMs = 1000;

/** The server's words for a refusal (in the player's language), or ours when it sent none. */
const refusalText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

/** When to ask for a quote: at once, again after a lost first one, or shortly before the shown one expires. */
const nextQuoteDelay = (expiresAt: number | undefined, retries: number) =>
  expiresAt === undefined
    ? retries === 0
      ? 0
      : firstQuoteRetryMs
    : quoteRefreshDelayMs(expiresAt, Date.now());

/** True once the dialog has unmounted: an answer arriving later changes nothing on screen. */
function useClosedRef() {
  const closedRef = useRef(false);
  useEffect(
    () => () => {
      closedRef.current = true;
    },
    [],
  );
  return closedRef;
}

interface OfferProps {
  notice: string | null;
  paid: number | null;
  left: number | null;
  whole: boolean;
}

/** The amount the player receives and, for a half, what stays in play. */
function CashoutOffer({ notice, paid, left, whole }: OfferProps) {
  const { t } = useTranslation('sports');
  const locale = usePrefs((state) => state.locale);
  return (
    <>
      <p className="cashout-offer">
        <span>{notice ? t('cashout.newValue') : t('cashout.youReceive')}</span>
        <output className="cashout-amount" aria-label={t('cashout.youReceive')}>
          {paid === null ? '…' : formatMoney(paid, locale)}
        </output>
      </p>
      {/* Half: what stays in play is known once the quote is (the server's split of the remaining stake). */}
      {whole || left !== null ? (
        <p className="cashout-explain">
          {whole
            ? t('cashout.explainAll')
            : t('cashout.explainHalf', { remaining: formatMoney(left, locale) })}
        </p>
      ) : null}
      <p className="cashout-fresh">{t('cashout.keptFresh')}</p>
    </>
  );
}

/**
 * The quote on screen: the first, then a fresh one shortly before each expires; a 409 means the bet is not
 * offered any more.
 */
function useCashoutQuote(betId: number, failed: string) {
  // A quote asked before a take started must not replace what the take answered.
  const payingRef = useRef(false);
  const [quote, setQuote] = useState<Quote | null>(null);
  /** The server's words when a take was refused or the bet is not offered (shown above the amount). */
  const [notice, setNotice] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  /** Bumped after a quote request failed on the way, to ask again. */
  const [retries, setRetries] = useState(0);
  // The first quote, then a fresh one shortly before each expires.
  const expiresAt = quote?.expiresAt;
  useEffect(() => {
    if (unavailable) return;
    let cancelled = false;
    const ask = async () => {
      try {
        const fresh = readQuote(await fetchCashoutQuote(betId));
        if (!cancelled && !payingRef.current && fresh) setQuote(fresh);
      } catch (error) {
        if (cancelled || payingRef.current) return;
        if (error instanceof ApiError && error.httpStatus === 409) {
          // Not offered any more (a goal suspended the market, the match ended): say it, offer nothing.
          setNotice(refusalText(error, failed));
          setUnavailable(true);
        } else {
          // A lost request: ask again shortly; a confirm meanwhile still meets the server's new quote.
          setRetries((count) => count + 1);
        }
      }
    };
    const timer = window.setTimeout(() => void ask(), nextQuoteDelay(expiresAt, retries));
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [betId, expiresAt, unavailable, failed, retries]);

  return { quote, setQuote, notice, setNotice, unavailable, setUnavailable, payingRef };
}

/**
 * The cash-out confirmation of one bet (all or half). A quote lives a few seconds on the server
 * (SPORTSBOOK_CASHOUT_QUOTE_SECONDS), so while the dialog is open it asks for a fresh one shortly before the
 * shown one expires: the amount on the button is always one the server takes. When a confirm still meets a
 * refusal (the price moved under the tap), the dialog says so and shows the new amount, one tap away. Nothing
 * is paid or shown as paid before the server's answer.
 */
export function CashoutDialog({ bet, fraction, onClose }: { bet: Bet; fraction: number; onClose(): void }) {
  const { t } = useTranslation('sports');
  const locale = usePrefs((state) => state.locale);
  const [paying, setPaying] = useState(false);
  const closedRef = useClosedRef();
  const failed = t('cashout.failed');
  const { quote, setQuote, notice, setNotice, unavailable, setUnavailable, payingRef } = useCashoutQuote(
    bet.betId,
    failed,
  );

  const paid = quote ? cashoutPaid(quote.amount, bet.remainingStake, fraction) : null;
  const left = quote ? stakeLeftAfter(quote.amount, bet.remainingStake, fraction) : null;

  async function confirm() {
    if (!quote || payingRef.current) return;
    payingRef.current = true;
    setPaying(true);
    try {
      const answer = await takeCashout(bet.betId, { quoteId: quote.quoteId, fraction });
      patchUserInfo({ balance: answer.balance, freeBalance: answer.freeBalance });
      void showToast(t('cashout.done', { amount: formatMoney(answer.paid, locale) }));
      onClose();
    } catch (error) {
      if (closedRef.current) return;
      const fresh = error instanceof ApiError && error.httpStatus === 409 ? readQuote(error.data) : null;
      setNotice(refusalText(error, failed));
      if (fresh) setQuote(fresh);
      else if (error instanceof ApiError && error.httpStatus === 409) setUnavailable(true);
    } finally {
      payingRef.current = false;
      if (!closedRef.current) setPaying(false);
    }
  }

  const whole = fraction === 1;
  return (
    <Sheet
      position="center"
      visible
      onClose={onClose}
      title={whole ? t('cashout.titleAll') : t('cashout.titleHalf')}
      className="cashout-dialog"
    >
      {notice ? (
        <p className="cashout-notice" role="alert">
          {notice}
        </p>
      ) : null}
      {unavailable ? null : <CashoutOffer notice={notice} paid={paid} left={left} whole={whole} />}
      <div className="cashout-actions">
        <Button variant="ghost" onClick={onClose}>
          {unavailable ? t('cashout.close') : t('errors.cancel')}
        </Button>
        {unavailable ? null : (
          <Button variant="primary" disabled={paid === null || paying} onClick={() => void confirm()}>
            {paid === null
              ? t('cashout.accept')
              : t('cashout.acceptAmount', { amount: formatMoney(paid, locale) })}
          </Button>
        )}
      </div>
    </Sheet>
  );
}
