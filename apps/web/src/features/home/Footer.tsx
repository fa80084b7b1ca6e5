import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { supportConfigQueryOptions } from '../../lib/chat-store';
import { usePayMethods } from './api/payMethods';
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

/** The footer: 8 promo seals, the marks of the payment methods the server has configured, the copyright line. */
export function Footer() {
  const { t } = useTranslation('home');
  const configured = usePayMethods();
  // A licensed Brazilian operator takes PIX only (ordinance SPA/MF 615/2024; decision 0025): no other mark.
  const licensed = useQuery(supportConfigQueryOptions).data?.regulatoryProfile === 'br-licensed';
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
        {payments
          .filter((payment) => configured.includes(payment.label) && (!licensed || payment.label === 'pix'))
          .map((payment) => (
            <li key={payment.label}>
              <img src={payment.src} alt={t(`footer.payment.${payment.label}`)} />
            </li>
          ))}
      </ul>
      <p className="footer-rg">
        <Link to="/jogo-responsavel" className="footer-adult" title={t('footer.adultLabel')}>
          <span aria-hidden="true">{t('footer.adult')}</span>
          <span className="visually-hidden">{t('footer.adultLabel')}</span>
        </Link>
        <Link to="/jogo-responsavel">{t('footer.responsible')}</Link>
      </p>
      <p className="footer-copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
