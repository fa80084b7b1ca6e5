import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import type { LocaleCode } from '../../lib/locales';
import { withdrawableShare } from './withdraw-rules';

/**
 * The wagering bar: the share of the cash balance that may be withdrawn now (wdAmount), the rest still
 * waiting for the wagering that bonuses require. It says exactly that, nothing more.
 */
export function WagerProgress({
  balance,
  wdAmount,
  locale,
}: {
  balance: number | undefined;
  wdAmount: number | undefined;
  locale: LocaleCode;
}) {
  const { t } = useTranslation('wallet');
  const share = withdrawableShare(balance, wdAmount);
  const known = balance !== undefined && wdAmount !== undefined;
  const waiting = known ? Math.max(0, balance - wdAmount) : 0;
  const percent = Math.round(share * 100);
  return (
    <section className="wager-card" aria-labelledby="wager-balance-label">
      <div className="wager-row">
        <span id="wager-balance-label" className="wallet-muted">
          {t('withdraw.balance')}
        </span>
        <strong className="wager-balance">{formatMoney(balance, locale)}</strong>
      </div>
      <div
        className="wager-bar"
        role="progressbar"
        aria-label={t('withdraw.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <span className="wager-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="wallet-small">
        {known
          ? t('withdraw.progress', {
              available: formatMoney(wdAmount, locale),
              balance: formatMoney(balance, locale),
            })
          : t('common:app.loading')}
      </p>
      {waiting > 0 ? (
        <p className="wallet-small">{t('withdraw.waiting', { amount: formatMoney(waiting, locale) })}</p>
      ) : null}
    </section>
  );
}
