import type { AppContext } from '../../app-context.ts';
import { readAmountCents } from '../../lib/amount.ts';
import { invalidInput } from '../../lib/domain-error.ts';
import { bonusesAllowed } from './rg.bonuses.ts';
import { type MoneyPeriod, PERIODS } from './rg.rules.ts';

/** What the regulatory profile asks of a registration and of the promotions offered before a deposit. */

/** br-licensed: no deposit gift nor any other bonus promised before a deposit (Lei 14.790/2023, art. 29). */
export const depositGiftAllowed = (config: AppContext['config']): boolean => bonusesAllowed(config);

/**
 * The deposit limits of a registration, validated before the account exists: amounts exactly, and under
 * br-licensed at least one (the ordinance asks the bettor to set them when signing up).
 */
export function readRegistrationLimits(
  config: AppContext['config'],
  input: { depositDay?: string | number; depositWeek?: string | number; depositMonth?: string | number },
): Partial<Record<MoneyPeriod, bigint>> {
  const limits: Partial<Record<MoneyPeriod, bigint>> = {};
  const fields = { day: input.depositDay, week: input.depositWeek, month: input.depositMonth };
  for (const period of PERIODS) {
    const raw = fields[period];
    if (raw === undefined || raw === '') continue;
    const field = `deposit${period[0]!.toUpperCase()}${period.slice(1)}`;
    const cents = readAmountCents(raw, field);
    if (cents <= 0n) throw invalidInput('validation.amount', { field });
    limits[period] = cents;
  }
  if (config.regulatoryProfile === 'br-licensed' && Object.keys(limits).length === 0)
    throw invalidInput('rg.deposit_limit_required');
  return limits;
}
