import type { AppContext } from '../../app-context.ts';
import { conflict } from '../../lib/domain-error.ts';

/**
 * The one rule on bonuses under the regulatory profile (decision 0036). Lei 14.790/2023 art. 29 forbids the
 * operator to offer or give any advance, bonus or prior advantage for betting, even as a promotion; under
 * `br-licensed` no reward of any kind is paid: the daily sign-in, operator awards and activity awards, the
 * increase reward, VIP level rewards, invitation commissions, deposit gifts and deposit discounts. Every
 * reward-paying entry point asks `bonusesAllowed` (to offer nothing) or `refuseBonuses` (a claim: 409, before
 * anything is written). The web app hides every offer under that profile (it reads the profile from
 * `GET /api/app/main/config`).
 */

type ProfileConfig = Pick<AppContext['config'], 'regulatoryProfile'>;

/** Whether the regulatory profile lets the operator pay rewards and bonuses at all. */
export const bonusesAllowed = (config: ProfileConfig): boolean => config.regulatoryProfile !== 'br-licensed';

/** A claim of a reward: refused with 409 ("not offered under the Brazilian licence") where the law forbids it. */
export function refuseBonuses(config: ProfileConfig): void {
  if (!bonusesAllowed(config)) throw conflict('rg.bonus_forbidden');
}
