import { useTranslation } from 'react-i18next';
import payBoleto from './assets/pay-boleto.svg';
import payCard from './assets/pay-card.svg';
import payPix from './assets/pay-pix.svg';
import payUsdt from './assets/pay-usdt.svg';
import promoAdult from './assets/promo-adult.svg';
import promoBonus from './assets/promo-bonus.svg';
import promoFair from './assets/promo-fair.svg';
import promoFast from './assets/promo-fast.svg';
import promoResponsible from './assets/promo-responsible.svg';
import promoSecure from './assets/promo-secure.svg';
import promoSupport from './assets/promo-support.svg';
import promoVip from './assets/promo-vip.svg';

const promos = [
  { src: promoAdult, label: 'adult' },
  { src: promoResponsible, label: 'responsible' },
  { src: promoSecure, label: 'secure' },
  { src: promoFair, label: 'fair' },
  { src: promoSupport, label: 'support' },
  { src: promoFast, label: 'fast' },
  { src: promoBonus, label: 'bonus' },
  { src: promoVip, label: 'vip' },
] as const;

const payments = [
  { src: payPix, label: 'pix' },
  { src: payCard, label: 'card' },
  { src: payUsdt, label: 'usdt' },
  { src: payBoleto, label: 'boleto' },
] as const;

/** The footer: 8 promo seals, 4 payment marks and the copyright line. */
export function Footer() {
  const { t } = useTranslation('home');
  return (
    <footer className="home-footer">
      <ul className="footer-promos" aria-label={t('footer.promos')}>
        {promos.map((promo) => (
          <li key={promo.label}>
            <img
              src={promo.src}
              alt={t(`footer.promo.${promo.label}`)}
              title={t(`footer.promo.${promo.label}`)}
            />
          </li>
        ))}
      </ul>
      <ul className="footer-payments" aria-label={t('footer.payments')}>
        {payments.map((payment) => (
          <li key={payment.label}>
            <img src={payment.src} alt={t(`footer.payment.${payment.label}`)} />
          </li>
        ))}
      </ul>
      <p className="footer-copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
