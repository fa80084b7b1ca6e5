import { useTranslation } from 'react-i18next';
import { tabId } from '../../components/ui/Tabs';
import { formatMoney } from '../../lib/format';
import type { LocaleCode } from '../../lib/locales';
import type { WithdrawInfo } from './api/getWithdraw';
import { TextField } from './TextField';
import { type PayoutType, sanitizeAccountNo, showsHolderName } from './withdraw-rules';

export interface AccountForm {
  accountNo: string;
  name: string;
  whatsapp: string;
}
export type AccountForms = Record<PayoutType, AccountForm>;

export const emptyForms = (): AccountForms => ({
  CPF: { accountNo: '', name: '', whatsapp: '' },
  CNPJ: { accountNo: '', name: '', whatsapp: '' },
  USDT: { accountNo: '', name: '', whatsapp: '' },
});

export function formsFrom(info: WithdrawInfo): AccountForms {
  const forms = emptyForms();
  for (const type of ['CPF', 'CNPJ', 'USDT'] as const) {
    const saved = info.cardInfo?.[type];
    if (saved) {
      forms[type] = {
        accountNo: sanitizeAccountNo(type, saved.payCardNo ?? ''),
        name: saved.name ?? '',
        whatsapp: saved.whatsapp ?? '',
      };
    }
  }
  return forms;
}

interface Props {
  type: PayoutType;
  form: AccountForm;
  usdtRate: WithdrawInfo['usdtRate'] | undefined;
  locale: LocaleCode;
  onChange: (patch: Partial<AccountForm>) => void;
}

/** The payout account of the chosen type: number, holder's name (or the USDT rate) and WhatsApp. */
export function WithdrawAccountFields({ type, form, usdtRate, locale, onChange }: Props) {
  const { t } = useTranslation('wallet');
  return (
    <div id="withdraw-account" role="tabpanel" aria-labelledby={tabId('withdraw-tab', type)}>
      <TextField
        id="withdraw-account-no"
        label={t(`withdraw.account.${type}`)}
        inputMode={type === 'USDT' ? 'text' : 'numeric'}
        autoComplete="off"
        spellCheck={false}
        maxLength={type === 'USDT' ? 64 : 14}
        value={form.accountNo}
        placeholder={t(`withdraw.accountPlaceholder.${type}`)}
        onChange={(text) => onChange({ accountNo: sanitizeAccountNo(type, text) })}
      />
      {showsHolderName(type) ? (
        <TextField
          id="withdraw-name"
          label={t('withdraw.name')}
          autoComplete="name"
          maxLength={100}
          value={form.name}
          placeholder={t('withdraw.namePlaceholder')}
          onChange={(text) => onChange({ name: text })}
        />
      ) : (
        <p className="wallet-small">{t('withdraw.usdtRate', { rate: formatMoney(usdtRate, locale) })}</p>
      )}
      <TextField
        id="withdraw-whatsapp"
        label={t('withdraw.whatsapp')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={30}
        value={form.whatsapp}
        placeholder={t('withdraw.whatsappPlaceholder')}
        onChange={(text) => onChange({ whatsapp: text.replace(/[^0-9+() -]/g, '') })}
      />
    </div>
  );
}
