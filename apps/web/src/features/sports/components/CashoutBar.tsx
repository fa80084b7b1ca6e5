import type { BetView as Bet } from '@aposta/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
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
      <Button variant="ghost" disabled={fraction !== null} onClick={() => setFraction(0.5)}>
        {t('cashout.half')}
      </Button>
      <Button variant="primary" disabled={fraction !== null} onClick={() => setFraction(1)}>
        {t('cashout.all')}
      </Button>
      {fraction === null ? null : <CashoutDialog bet={bet} fraction={fraction} onClose={close} />}
    </div>
  );
}
