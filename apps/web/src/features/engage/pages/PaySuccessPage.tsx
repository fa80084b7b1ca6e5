import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageProps } from '../../../components/page-props';
import { formatMoney } from '../../../lib/format';
import { usePrefs } from '../../../lib/prefs';
import { reloadUserInfo, useUserInfo } from '../../../lib/user-info';
import '../engage.css';

/** /paySuccess: where the payment page returns after a deposit; the balances are loaded afresh. */
export default function PaySuccessPage(_props: PageProps) {
  const { t } = useTranslation('engage');
  const locale = usePrefs((state) => state.locale);
  const { data: user } = useUserInfo();
  useEffect(() => {
    void reloadUserInfo().catch(() => undefined);
  }, []);
  return (
    <section className="engage-page pay-success" aria-labelledby="pay-success-title">
      <svg viewBox="0 0 64 64" className="pay-success-art" aria-hidden="true" focusable="false">
        <circle
          cx="32"
          cy="32"
          r="30"
          fill="var(--color-accent-soft)"
          stroke="var(--color-accent)"
          strokeWidth="3"
        />
        <path
          d="M19 33 L28 42 L46 23"
          fill="none"
          stroke="var(--color-accent)"
          strokeWidth="5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h2 id="pay-success-title" className="pay-success-title">
        {t('paySuccess.title')}
      </h2>
      <p className="engage-muted">{t('paySuccess.text')}</p>
      <dl className="engage-card bonus-balances">
        <div>
          <dt>{t('account.balance')}</dt>
          <dd className="bonus-amount">{formatMoney(user?.balance, locale)}</dd>
        </div>
        <div>
          <dt>{t('bonus.balance')}</dt>
          <dd>{formatMoney(user?.freeBalance, locale)}</dd>
        </div>
      </dl>
      <div className="engage-links">
        <Link className="btn btn-primary" to="/gg">
          {t('paySuccess.play')}
        </Link>
        <Link className="btn btn-ghost" to="/registros">
          {t('paySuccess.records')}
        </Link>
      </div>
    </section>
  );
}
