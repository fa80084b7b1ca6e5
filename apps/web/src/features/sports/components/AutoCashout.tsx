import type { BetView as Bet } from '@aposta/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/ui/AmountField';
import { Button } from '../../../components/ui/Button';
import { formatMoney } from '../../../lib/format';
import { ApiError } from '../../../lib/http-core';
import { amountForApi } from '../../../lib/money-input';
import { usePrefs } from '../../../lib/prefs';
import { queryClient } from '../../../lib/query-client';
import { showAlert, showToast } from '../../../lib/ui';
import { setAutoCashout } from '../api/auto-cashout';
import { betsQueryScope } from '../api/keys';

/**
 * An open bet's auto cash-out (api-contract section 19): the amount at which the server sells the whole remaining
 * stake, once the bet's cash-out value reaches it. Set, change or clear; a value already there sells at once.
 */
export function AutoCashout({ bet }: { bet: Bet }) {
  const { t } = useTranslation('sports');
  const locale = usePrefs((state) => state.locale);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [cents, setCents] = useState<bigint | undefined>();
  const [busy, setBusy] = useState(false);
  const current = bet.autoCashout ?? null;
  if (current === null && bet.cashoutValue === null && !editing) return null;

  const send = async (amount: string | null) => {
    setBusy(true);
    try {
      const answer = await setAutoCashout(bet.betId, amount);
      setEditing(false);
      if (answer.paid !== null)
        void showToast(t('auto.soldNow', { amount: formatMoney(answer.paid, locale) }));
      else void showToast(answer.autoCashout === null ? t('auto.cleared') : t('auto.saved'));
      await queryClient.invalidateQueries({ queryKey: betsQueryScope });
    } catch (error) {
      await showAlert(error instanceof ApiError && error.message ? error.message : t('auto.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (!editing) {
    return (
      <div className="auto-cashout">
        <span className="auto-cashout-state">
          {current === null ? t('auto.none') : t('auto.setAt', { amount: formatMoney(current, locale) })}
        </span>
        <Button variant="ghost" disabled={busy} onClick={() => setEditing(true)}>
          {current === null ? t('auto.set') : t('auto.change')}
        </Button>
        {current === null ? null : (
          <Button variant="ghost" disabled={busy} onClick={() => void send(null)}>
            {t('auto.clear')}
          </Button>
        )}
      </div>
    );
  }
  return (
    <form
      className="auto-cashout auto-cashout-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (cents !== undefined) void send(amountForApi(cents));
      }}
    >
      <AmountField
        label={t('auto.amountLabel')}
        value={text}
        onChange={(next, value) => {
          setText(next);
          setCents(value);
        }}
        hint={t('auto.hint', { max: formatMoney(bet.potentialPayout, locale) })}
      />
      <div className="auto-cashout-actions">
        <Button variant="ghost" disabled={busy} onClick={() => setEditing(false)}>
          {t('errors.cancel')}
        </Button>
        <Button variant="primary" type="submit" disabled={busy || cents === undefined}>
          {t('auto.save')}
        </Button>
      </div>
    </form>
  );
}
