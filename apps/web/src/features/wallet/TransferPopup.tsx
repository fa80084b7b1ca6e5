import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../components/ui/AmountField';
import { Sheet } from '../../components/ui/Sheet';
import { formatMoney } from '../../lib/format';
import { useActionKey } from '../../lib/idempotency-key';
import { amountForApi, decimalSeparator, parseAmountInput } from '../../lib/money-input';
import { usePrefs } from '../../lib/prefs';
import { showToast } from '../../lib/ui';
import { useWithdrawInfo } from './api/getWithdraw';
import { useTransfer } from './api/transfer';
import { FormSubmit } from './FormSubmit';
import { TextField } from './TextField';

/** Spec.md section 5 leaves transfer bounds out; the server's minimum is R$ 1,00 (api-contract.md section 5). */
const transferMinCents = 100;

/**
 * Transfer of withdrawable cash to another player (POST /api/app/order/transfer, api-contract.md section 5).
 * Not enough cash is the HTTP client's 9999 path (alert, deposit, home); success says so, never before.
 */
export function TransferPopup({ visible, onClose }: { visible: boolean; onClose(): void }) {
  const { t } = useTranslation('wallet');
  const locale = usePrefs((state) => state.locale);
  const info = useWithdrawInfo(visible);
  const transfer = useTransfer();
  const actionKey = useActionKey();
  const [toUser, setToUser] = useState('');
  const [amountText, setAmountText] = useState('');
  const [problem, setProblem] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (transfer.isPending) return;
    const amountCents = parseAmountInput(amountText, decimalSeparator(locale));
    const recipient = toUser.trim();
    if (recipient === '' || amountCents === undefined || amountCents <= 0n) {
      setProblem(t('transfer.check'));
      return;
    }
    if (amountCents < BigInt(transferMinCents)) {
      setProblem(t('transfer.minimum', { amount: formatMoney(transferMinCents / 100, locale) }));
      return;
    }
    setProblem('');
    const input = { toUser: recipient, amount: amountForApi(amountCents) };
    transfer.mutate(
      { input, idempotencyKey: actionKey.keyFor(input) },
      {
        onSuccess() {
          actionKey.settle();
          void showToast(t('transfer.success'));
          setToUser('');
          setAmountText('');
          onClose();
        },
      },
    );
  };

  return (
    <Sheet position="center" visible={visible} onClose={onClose} title={t('transfer.title')}>
      <form className="ui-sheet-form" onSubmit={submit} noValidate>
        <p className="wallet-small">
          {t('transfer.available', {
            amount: formatMoney(info.data?.transferAmount ?? info.data?.wdAmount, locale),
          })}
        </p>
        <TextField
          id="transfer-to"
          label={t('transfer.toUser')}
          autoComplete="off"
          autoCapitalize="none"
          maxLength={100}
          value={toUser}
          placeholder={t('transfer.toUserPlaceholder')}
          onChange={(text) => {
            setToUser(text);
            setProblem('');
          }}
        />
        <AmountField
          id="transfer-amount"
          label={t('transfer.amount')}
          value={amountText}
          placeholder={t('transfer.amountPlaceholder')}
          onChange={(text) => {
            setAmountText(text);
            setProblem('');
          }}
        />
        <FormSubmit
          problem={problem}
          pending={transfer.isPending}
          label={t('transfer.submit')}
          pendingLabel={t('transfer.submitting')}
        />
      </form>
    </Sheet>
  );
}
