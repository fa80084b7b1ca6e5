import { ConfigError, type Env, parseInteger } from '../config.parse.ts';

/**
 * The SIGAP list checks (modules/compliance, decision 0051). They run only under REGULATORY_PROFILE=br-licensed.
 *
 * - COMPLIANCE_LISTS_URL (none): the government lists' endpoint (SIGAP's "módulo de impedidos", served by Serpro).
 *   Unset outside production: the in-memory emulator answers. Production under br-licensed refuses to start
 *   without it.
 * - COMPLIANCE_LISTS_TOKEN (none): the bearer token the endpoint asks for.
 * - COMPLIANCE_TIMEOUT_MS (3000): a check not answered by then is recorded as `late` and asked again.
 * - COMPLIANCE_RETRY_SECONDS (60): how long before a failed or late check is asked again (then doubling).
 * - COMPLIANCE_PERIOD_DAYS (15): every player is checked again once this many days have passed since the last answer.
 * - COMPLIANCE_ONBOARDING_UNANSWERED (refuse): `refuse` (the conservative reading: no CPF is accepted at
 *   onboarding without a clear answer) or `allow` (accept it and check again at once in the background).
 */
export interface ComplianceConfig {
  listsUrl: string | undefined;
  listsToken: string;
  timeoutMs: number;
  retrySeconds: number;
  periodDays: number;
  onboardingUnanswered: 'refuse' | 'allow';
}

export function parseCompliance(
  env: Env,
  options: { isProduction: boolean; licensed: boolean },
): ComplianceConfig {
  const listsUrl = env.COMPLIANCE_LISTS_URL || undefined;
  if (options.isProduction && options.licensed && !listsUrl)
    throw new ConfigError('REGULATORY_PROFILE=br-licensed in production needs COMPLIANCE_LISTS_URL (SIGAP)');
  const unanswered = env.COMPLIANCE_ONBOARDING_UNANSWERED || 'refuse';
  if (unanswered !== 'refuse' && unanswered !== 'allow')
    throw new ConfigError(`COMPLIANCE_ONBOARDING_UNANSWERED must be refuse or allow, got "${unanswered}"`);
  return {
    listsUrl,
    listsToken: env.COMPLIANCE_LISTS_TOKEN || '',
    timeoutMs: parseInteger('COMPLIANCE_TIMEOUT_MS', env.COMPLIANCE_TIMEOUT_MS, 3000, 50, 60_000),
    retrySeconds: parseInteger('COMPLIANCE_RETRY_SECONDS', env.COMPLIANCE_RETRY_SECONDS, 60, 0, 86_400),
    periodDays: parseInteger('COMPLIANCE_PERIOD_DAYS', env.COMPLIANCE_PERIOD_DAYS, 15, 1, 15),
    onboardingUnanswered: unanswered,
  };
}
