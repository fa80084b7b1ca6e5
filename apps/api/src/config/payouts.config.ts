import { ConfigError, type Env } from '../config.parse.ts';

/**
 * How the VIP level's daily withdrawal cap and count meet the prize-payment rules under br-licensed (decision 0052).
 * `prizes-first` (default, the conservative reading of Lei 14.790 art. 21 and Portaria SPA/MF 615/2024): the caps
 * never refuse a withdrawal, so no cap keeps a player from what they won. `apply`: the caps hold as in the open
 * profile (an operator whose counsel reads them as allowed). The open profile always applies them.
 */
export interface PayoutsConfig {
  licensedCaps: 'prizes-first' | 'apply';
}

export function parsePayouts(env: Env): PayoutsConfig {
  const raw = (env.BR_WITHDRAW_CAPS ?? '').trim() || 'prizes-first';
  if (raw !== 'prizes-first' && raw !== 'apply')
    throw new ConfigError(`BR_WITHDRAW_CAPS must be prizes-first or apply, got "${raw}"`);
  return { licensedCaps: raw };
}
