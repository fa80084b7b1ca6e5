import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeInfo } from '../../lib/locales';
import { usePrefs } from '../../lib/prefs';
import type { UserInfo } from '../../lib/user-info';
import { activeDiscount, formatRemaining } from './countdown';

/**
 * The player's recharge bonus (payDiscount: credited as bonus, so named a bonus, not a discount — issue 27) as a
 * percent, with a live countdown to its expiry (spec.md section 9). Struck through while the player opts out.
 */
export function DiscountBanner({
  payDiscount,
  off = false,
}: {
  payDiscount: UserInfo['payDiscount'] | undefined;
  /** 'Depositar sem bônus' is ticked: this deposit will not get it. */
  off?: boolean;
}) {
  const { t } = useTranslation('wallet');
  const locale = usePrefs((state) => state.locale);
  const [now, setNow] = useState(() => Date.now());
  const discount = activeDiscount(payDiscount, now);
  const running = discount !== undefined;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (!discount) return null;
  const percent = new Intl.NumberFormat(localeInfo(locale).intlTag, { maximumFractionDigits: 2 }).format(
    discount.percent,
  );
  return (
    <section
      className={off ? 'discount-banner discount-banner-off' : 'discount-banner'}
      aria-label={t('deposit.discount', { percent })}
    >
      <strong>{t('deposit.discount', { percent })}</strong>
      <span>
        {t('deposit.discountEnds')}{' '}
        <time className="discount-time" dateTime={new Date(discount.expiresAt).toISOString()}>
          {formatRemaining(discount.expiresAt - now)}
        </time>
      </span>
    </section>
  );
}
