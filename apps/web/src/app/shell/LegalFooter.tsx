import type { LegalInfo } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { playerApi } from '../../lib/player-api';
import './legal-footer.css';

/** GET /api/app/legal, once per visit: the operator's identity does not change while the app is open. */
export const legalInfoQueryOptions = {
  queryKey: ['legal'] as const,
  queryFn: () => playerApi('GET /api/app/legal', { silent: true, loading: false }),
  staleTime: Number.POSITIVE_INFINITY,
};

/** 12345678000190 → 12.345.678/0001-90. */
export const formatCnpj = (digits: string) =>
  digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');

const contactOf = (email: string, phone: string) => [email, phone].filter(Boolean).join(' · ');

/**
 * The legal footer of every page under the Brazilian licence (decision 0053): the company, its CNPJ, its SPA/MF
 * authorisation, customer service and ombudsman. A line whose setting is empty is left out; in the open profile
 * nothing is shown.
 */
export function LegalFooter() {
  const { t } = useTranslation();
  const { data } = useQuery(legalInfoQueryOptions);
  if (!data?.shown) return null;
  return <LegalLines info={data} label={t('legalFooter.label')} />;
}

function LegalLines({ info, label }: { info: LegalInfo; label: string }) {
  const { t } = useTranslation();
  const service = contactOf(info.customerServiceEmail, info.customerServicePhone);
  const ombudsman = contactOf(info.ombudsmanEmail, info.ombudsmanPhone);
  return (
    <footer className="legal-footer">
      <h2 className="visually-hidden">{label}</h2>
      {info.companyName ? <p>{info.companyName}</p> : null}
      {info.cnpj ? <p>{t('legalFooter.cnpj', { cnpj: formatCnpj(info.cnpj) })}</p> : null}
      {info.spaAuthorisation ? (
        <p>{t('legalFooter.authorisation', { number: info.spaAuthorisation })}</p>
      ) : null}
      {service ? <p>{t('legalFooter.service', { contact: service })}</p> : null}
      {ombudsman ? <p>{t('legalFooter.ombudsman', { contact: ombudsman })}</p> : null}
    </footer>
  );
}
