import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { supportConfigQueryOptions } from '../../lib/chat-store';
import { usePayMethods } from './api/payMethods';
import payCard from './assets/pay-card.svg';
import payPix from './assets/pay-pix.svg';
import payPix24h from './assets/pay-pix-24h.svg';
import payPixKey from './assets/pay-pix-key.svg';
import payPixQr from './assets/pay-pix-qr.svg';
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

const methods = [
  { src: payPix, label: 'pix' },
  { src: payCard, label: 'card' },
  { src: payUsdt, label: 'usdt' },
] as const;

// How PIX is used here: by QR code, paid out to the player's CPF/CNPJ key, at any hour. Every one is true of
// every server, so they fill the strip where other methods are not offered.
const pixWays = [
  { src: payPixQr, label: 'pixQr' },
  { src: payPixKey, label: 'pixKey' },
  { src: payPix24h, label: 'pix24h' },
] as const;

/** The spec's footer has 4 payment icons (spec.md section 2). */
const paymentSlots = 4;

/**
 * The payment strip: the marks of the methods the server offers first, then the ways PIX is used, 4 in all, so
 * a PIX-only server shows 4 true icons, never a mark of a method the player cannot use (docs/decisions/0032).
 */
export function paymentMarks(configured: readonly string[], licensed: boolean) {
  const offered = methods.filter(
    (method) => configured.includes(method.label) && (!licensed || method.label === 'pix'),
  );
  return [...offered, ...pixWays].slice(0, paymentSlots);
}

/** The footer: 8 promo seals, 4 payment icons (the methods offered, then PIX's ways), the copyright line. */
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
        {paymentMarks(configured, licensed).map((payment) => (
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
      <p className="footer-legal">
        <Link to="/termos">{t('footer.terms')}</Link>
        <Link to="/privacidade">{t('footer.privacy')}</Link>
      </p>
      <p className="footer-copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
