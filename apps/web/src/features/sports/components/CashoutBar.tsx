import type { BetView as Bet } from '@aposta/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { usePrefs } from '../../../lib/prefs';
import { queryClient } from '../../../lib/query-client';
import { betsQueryScope } from '../api/keys';
import { CashoutDialog } from './CashoutDialog';

/**
 * An open bet's cash-out: its live value (refreshed with the list) and two buttons, all or half. A tap opens
 * the confirmation (components/CashoutDialog.tsx), which keeps the server's quote fresh while it is open.
 */
export function CashoutBar({ bet }: { bet: Bet }) {
  const { t } = useTranslation('sports');
  const locale = usePrefs((state) => state.locale);
  const [fraction, setFraction] = useState<number | null>(null);
  if (bet.cashoutValue === null && fraction === null) return null;

  const close = () => {
    setFraction(null);
    void queryClient.invalidateQueries({ queryKey: betsQueryScope });
  };

  return (
    <div className="cashout-bar">
      <span className="cashout-value">
        {t('cashout.value')} <strong>{formatMoney(bet.cashoutValue ?? undefined, locale)}</strong>
      </span>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={fraction !== null}
        onClick={() => setFraction(0.5)}
      >
        {t('cashout.half')}
      </button>
      <button
        type="button"
        className="btn btn-primary"
        disabled={fraction !== null}
        onClick={() => setFraction(1)}
      >
        {t('cashout.all')}
      </button>
      {fraction === null ? null : <CashoutDialog bet={bet} fraction={fraction} onClose={close} />}
    </div>
  );
}
