import { useTranslation } from 'react-i18next';
import { AmountField } from '../../components/ui/AmountField';
import { Button } from '../../components/ui/Button';
import { formatMoney } from '../../lib/format';
import type { LocaleCode } from '../../lib/locales';
import { decimalSeparator, formatAmountInput } from '../../lib/money-input';

interface Props {
  value: string;
  capCents: number;
  usdt: number | undefined;
  locale: LocaleCode;
  /** A typed change, already capped. */
  onChange: (text: string) => void;
  /** 'All': the whole cap. */
  onAll: (text: string) => void;
}

/** The amount to withdraw, capped at what may be withdrawn as it is typed (spec.md section 5). */
export function WithdrawAmount({ value, capCents, usdt, locale, onChange, onAll }: Props) {
  const { t } = useTranslation('wallet');
  const separator = decimalSeparator(locale);
  const cap = BigInt(Math.max(0, capCents));
  return (
    <AmountField
      id="withdraw-amount"
      label={t('withdraw.amount')}
      value={value}
      placeholder={t('withdraw.amountPlaceholder')}
      onChange={(text, cents) =>
        onChange(cents !== undefined && cents > cap ? formatAmountInput(cap, separator) : text)
      }
      hint={
        <>
          {t('withdraw.cap', { amount: formatMoney(capCents / 100, locale) })}
          {usdt !== undefined ? (
            <span className="wallet-small">{t('withdraw.usdtReceive', { usdt: usdt.toFixed(2) })}</span>
          ) : null}
        </>
      }
      actions={
        <Button
          variant="ghost"
          disabled={capCents <= 0}
          onClick={() => onAll(formatAmountInput(cap, separator))}
        >
          {t('withdraw.all')}
        </Button>
      }
    />
  );
}
