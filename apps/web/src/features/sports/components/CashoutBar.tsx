import type { BetView as Bet } from '@aposta/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { ApiError } from '../../../lib/http-core';
import { usePrefs } from '../../../lib/prefs';
import { queryClient } from '../../../lib/query-client';
import { showAlert, showToast } from '../../../lib/ui';
import { patchUserInfo } from '../../../lib/user-info';
import { fetchCashoutQuote, takeCashout } from '../api/cashout';
import { betsQueryScope } from '../api/keys';
import { cashoutPaid, readQuote } from '../logic/cashout';

/**
 * An open bet's cash-out: its live value (refreshed with the list) and two buttons, all or half. A tap asks the
 * server for a quote and shows exactly what will arrive; a quote that moved meanwhile comes back as a new
 * amount to confirm, never paid without a press.
 */
export function CashoutBar({ bet }: { bet: Bet }) {
  const { t } = useTranslation('sports');
  const locale = usePrefs((state) => state.locale);
  const [busy, setBusy] = useState(false);
  if (bet.cashoutValue === null) return null;

  async function run(fraction: number) {
    setBusy(true);
    try {
      const { default: Dialog } = await import('antd-mobile/es/components/dialog');
      let quote = readQuote(await fetchCashoutQuote(bet.betId));
      for (let attempt = 0; quote && attempt < 3; attempt++) {
        const paid = cashoutPaid(quote.amount, bet.remainingStake, fraction);
        if (paid === null) return;
        const confirmed = await Dialog.confirm({
          content: t('cashout.confirm', { amount: formatMoney(paid, locale) }),
          confirmText: t('cashout.accept'),
          cancelText: t('errors.cancel'),
        });
        if (!confirmed) return;
        try {
          const answer = await takeCashout(bet.betId, { quoteId: quote.quoteId, fraction });
          patchUserInfo({ balance: answer.balance, freeBalance: answer.freeBalance });
          void showToast(t('cashout.done', { amount: formatMoney(answer.paid, locale) }));
          return;
        } catch (error) {
          const fresh = error instanceof ApiError && error.httpStatus === 409 ? readQuote(error.data) : null;
          if (!fresh) throw error;
          quote = fresh;
        }
      }
    } catch (error) {
      await showAlert(error instanceof ApiError && error.message ? error.message : t('cashout.failed'));
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: betsQueryScope });
    }
  }

  return (
    <div className="cashout-bar">
      <span className="cashout-value">
        {t('cashout.value')} <strong>{formatMoney(bet.cashoutValue, locale)}</strong>
      </span>
      <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void run(0.5)}>
        {t('cashout.half')}
      </button>
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run(1)}>
        {t('cashout.all')}
      </button>
    </div>
  );
}
