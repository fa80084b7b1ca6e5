import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import type { LocaleCode } from '../../lib/locales';
import type { WithdrawInfo } from './api/getWithdraw';
import { wageringShare } from './withdraw-rules';

/**
 * The top of the withdraw page: the balance, what may be withdrawn now (the player's own cash, decision 0029), and,
 * while a bonus is unreleased, its wagering bar with "falta apostar R$ X" and what a withdrawal now does to it.
 */
export function WagerProgress({
  balance,
  limits,
  locale,
}: {
  balance: number | undefined;
  limits: Pick<WithdrawInfo, 'wdAmount' | 'bonus'> | undefined;
  locale: LocaleCode;
}) {
  const { t } = useTranslation('wallet');
  const bonus = limits?.bonus ?? null;
  const percent = Math.round(wageringShare(bonus) * 100);
  return (
    <section className="wager-card" aria-labelledby="wager-balance-label">
      <div className="wager-row">
        <span id="wager-balance-label" className="wallet-muted">
          {t('withdraw.balance')}
        </span>
        <strong className="wager-balance">{formatMoney(balance, locale)}</strong>
      </div>
      <p className="wallet-small">
        {limits
          ? t('withdraw.available', { amount: formatMoney(limits.wdAmount, locale) })
          : t('common:app.loading')}
      </p>
      {bonus ? (
        <>
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
            {t('withdraw.bonusLeft', {
              bonus: formatMoney(bonus.amount, locale),
              left: formatMoney(bonus.wageringLeft, locale),
            })}
          </p>
          <p className="wallet-small">{t('withdraw.bonusRule')}</p>
        </>
      ) : null}
    </section>
  );
}
