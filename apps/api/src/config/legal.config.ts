import { ConfigError, type Env } from '../config.parse.ts';

/**
 * The operator's legal identity, shown in the web's footer under `br-licensed` (decision 0053), and the address
 * of the government's self-exclusion platform the transparency page links to. Unset texts are empty: the footer
 * leaves a line out rather than show a made-up one (the operator sets them before launch).
 */
export interface LegalConfig {
  companyName: string;
  /** 14 digits, shown formatted (00.000.000/0000-00). Empty: unset. */
  cnpj: string;
  /** The SPA/MF authorisation (ordinance) the operator holds, as published. */
  spaAuthorisation: string;
  customerServiceEmail: string;
  customerServicePhone: string;
  ombudsmanEmail: string;
  ombudsmanPhone: string;
  /** The Plataforma Centralizada de Autoexclusão (Portaria SPA/MF 2.579/2025), Serpro's gov.br address. */
  selfExclusionUrl: string;
}

export const DEFAULT_SELF_EXCLUSION_URL = 'https://www.gov.br/autoexclusaoapostas';

const text = (env: Env, name: string, max = 200): string => {
  const value = (env[name] ?? '').trim();
  if (value.length > max) throw new ConfigError(`${name} must have at most ${max} characters`);
  return value;
};

function httpsUrl(name: string, raw: string | undefined, fallback: string): string {
  const value = raw?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an https URL, got "${value}"`);
  }
  if (url.protocol !== 'https:') throw new ConfigError(`${name} must be an https URL, got "${value}"`);
  return url.href;
}

export function parseLegal(env: Env): LegalConfig {
  const cnpj = (env.LEGAL_CNPJ ?? '').replace(/\D/g, '');
  if (cnpj !== '' && cnpj.length !== 14) throw new ConfigError('LEGAL_CNPJ must have 14 digits');
  return {
    companyName: text(env, 'LEGAL_COMPANY_NAME'),
    cnpj,
    spaAuthorisation: text(env, 'LEGAL_SPA_AUTHORISATION'),
    customerServiceEmail: text(env, 'LEGAL_CUSTOMER_SERVICE_EMAIL'),
    customerServicePhone: text(env, 'LEGAL_CUSTOMER_SERVICE_PHONE', 40),
    ombudsmanEmail: text(env, 'LEGAL_OMBUDSMAN_EMAIL'),
    ombudsmanPhone: text(env, 'LEGAL_OMBUDSMAN_PHONE', 40),
    selfExclusionUrl: httpsUrl('SELF_EXCLUSION_URL', env.SELF_EXCLUSION_URL, DEFAULT_SELF_EXCLUSION_URL),
  };
}
