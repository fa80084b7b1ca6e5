import { currencySymbol, LEDGER_CURRENCY } from '@aposta/money';
import type { TFunction } from 'i18next';
import { formatAmount } from '../../lib/format';
import type { LocaleCode } from '../../lib/locales';
import type { WithdrawProblem } from './withdraw-rules';

/** The player's sentence for a failed withdraw check (spec.md section 5's texts in pt_BR). */
export function withdrawProblemText(problem: WithdrawProblem, t: TFunction, locale: LocaleCode): string {
  // Withdrawals are in reais: R$ whatever the language, as the server words the same checks.
  const symbol = currencySymbol(LEDGER_CURRENCY);
  switch (problem.key) {
    case 'minimum':
      return t('wallet:withdraw.errors.minimum', {
        symbol,
        limit: formatAmount(problem.limitCents / 100, locale),
      });
    case 'maximum':
      return t('wallet:withdraw.errors.maximum', {
        symbol,
        max: formatAmount(problem.maxCents / 100, locale),
      });
    default:
      return t(`wallet:withdraw.errors.${problem.key}`);
  }
}
