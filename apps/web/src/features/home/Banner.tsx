import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { formatMoney } from '../../lib/format';
import { openOverlay } from '../../lib/overlays';
import { usePrefs } from '../../lib/prefs';
import { useToken } from '../../lib/token';
import bannerUrl from './assets/home-banner.svg';

// spec.md section 9: the deposit bonus goes up to R$ 20.000.
const depositBonusMaxReais = 20_000;

/**
 * The home banner: the project's own art with the localised offer over it. The offer is a deposit bonus, so the
 * banner opens the deposit page (registration first for a guest).
 */
export function Banner() {
  const { t } = useTranslation('home');
  const locale = usePrefs((state) => state.locale);
  const loggedIn = useToken((state) => Boolean(state.token));
  return (
    <Button
      variant="bare"
      className="home-banner"
      onClick={() => openOverlay(loggedIn ? 'deposit' : 'register')}
    >
      <img src={bannerUrl} alt="" />
      <span className="home-banner-caption">
        <strong>{t('bannerTitle')}</strong>
        {/* A no-break space keeps the symbol and the amount on one line. */}
        <span>
          {t('bannerText', { amount: formatMoney(depositBonusMaxReais, locale).replace(' ', '\u00a0') })}
        </span>
        <span className="home-banner-cta">{t('bannerAction')}</span>
      </span>
    </Button>
  );
}
