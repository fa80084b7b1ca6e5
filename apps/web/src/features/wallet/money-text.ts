import { currencySymbol, LEDGER_CURRENCY } from '@aposta/money';
import { type LocaleCode, localeInfo } from '../../lib/locales';

// Short money for the package tiles ("R$ 100", "+R$ 15"): the symbol of reais, no decimals when the
// amount is whole, two when it is not. Everywhere else money goes through lib/format's formatMoney.

const formats = new Map<string, Intl.NumberFormat>();

function shortFormat(intlTag: string): Intl.NumberFormat {
  let format = formats.get(intlTag);
  if (!format) {
    format = new Intl.NumberFormat(intlTag, { minimumFractionDigits: 0, maximumFractionDigits: 2 });
    formats.set(intlTag, format);
  }
  return format;
}

export function formatMoneyShort(value: number, locale: LocaleCode): string {
  if (!Number.isFinite(value)) return '-';
  return `${currencySymbol(LEDGER_CURRENCY)} ${shortFormat(localeInfo(locale).intlTag).format(value)}`;
}
