import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { usePrefs } from '../../lib/prefs';
import bannerUrl from './assets/home-banner.svg';

// spec.md section 9: the deposit bonus goes up to R$ 20.000.
const depositBonusMaxReais = 20_000;

/** The home banner: the project's own art with the localised offer over it. */
export function Banner() {
  const { t } = useTranslation('home');
  const locale = usePrefs((state) => state.locale);
  return (
    <figure className="home-banner">
      <img src={bannerUrl} alt="" />
      <figcaption>
        <strong>{t('bannerTitle')}</strong>
        {/* A no-break space keeps the symbol and the amount on one line. */}
        <span>
          {t('bannerText', { amount: formatMoney(depositBonusMaxReais, locale).replace(' ', '\u00a0') })}
        </span>
      </figcaption>
    </figure>
  );
}
