import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import type { LocaleCode } from '../../lib/locales';

/** Spec.md section 9: minimum R$20, maximum R$10.000, open 00:00-24:00, fastest 10 minutes. */
const noteMinimum = 20;
const noteMaximum = 10_000;
const noteFastestMinutes = 10;

export function WithdrawNotes({ locale }: { locale: LocaleCode }) {
  const { t } = useTranslation('wallet');
  return (
    <section className="wallet-notes" aria-labelledby="withdraw-notes">
      <h3 id="withdraw-notes" className="wallet-heading">
        {t('withdraw.notesTitle')}
      </h3>
      <ul>
        <li>{t('withdraw.notes.min', { amount: formatMoney(noteMinimum, locale) })}</li>
        <li>{t('withdraw.notes.max', { amount: formatMoney(noteMaximum, locale) })}</li>
        <li>{t('withdraw.notes.hours', { hours: '00:00-24:00' })}</li>
        <li>{t('withdraw.notes.speed', { minutes: noteFastestMinutes })}</li>
      </ul>
    </section>
  );
}
