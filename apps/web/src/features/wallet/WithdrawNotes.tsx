import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import type { LocaleCode } from '../../lib/locales';
import type { WithdrawInfo } from './api/getWithdraw';

/** Spec.md section 9: minimum R$20, maximum R$10.000, open 00:00-24:00, fastest 10 minutes. */
const noteMinimum = 20;
const noteMaximum = 10_000;
const noteFastestMinutes = 10;

/**
 * The notes under the form. The amounts come from the server when it sent them (decision 0029: one source for the
 * caps, the same numbers as the VIP page's row of the player's level), else from the spec's constants.
 */
export function WithdrawNotes({
  locale,
  limits,
}: {
  locale: LocaleCode;
  limits?: Pick<WithdrawInfo, 'limitAmount' | 'maxAmount' | 'dayMax' | 'dayCount'> | undefined;
}) {
  const { t } = useTranslation('wallet');
  return (
    <section className="wallet-notes" aria-labelledby="withdraw-notes">
      <h3 id="withdraw-notes" className="wallet-heading">
        {t('withdraw.notesTitle')}
      </h3>
      <ul>
        <li>
          {t('withdraw.notes.min', { amount: formatMoney(limits?.limitAmount ?? noteMinimum, locale) })}
        </li>
        <li>{t('withdraw.notes.max', { amount: formatMoney(limits?.maxAmount ?? noteMaximum, locale) })}</li>
        {limits?.dayMax !== undefined && limits.dayCount !== undefined ? (
          <li>
            {t('withdraw.notes.day', {
              amount: formatMoney(limits.dayMax, locale),
              count: limits.dayCount,
            })}
          </li>
        ) : null}
        <li>{t('withdraw.notes.hours', { hours: '00:00-24:00' })}</li>
        <li>{t('withdraw.notes.speed', { minutes: noteFastestMinutes })}</li>
      </ul>
    </section>
  );
}
