import type { RgLimitsBody } from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/connection.ts';
import type { Tx } from '../../db/tx.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { type RegistrationFields, readRegistrationData, readRegistrationLimits } from './rg.registration.ts';
import { PERIODS } from './rg.rules.ts';
import { changeLimitsIn, keyOf, type LimitState, loadLimits, rgClock } from './rg.service.ts';

/**
 * Players registered before the fields of art. 31 (decision 0055, "Existing players"): Portaria SPA/MF 2.579/2025
 * art. 3 makes them complete gender, address, a loss limit and a time limit, and until they do the service is
 * restricted (1.231 art. 34 sole paragraph): no new stake, no deposit; withdrawals stay open (their own money).
 */

/**
 * Whether the restriction applies, set from the regulatory profile when the module registers. The stake path
 * (modules/stakes, every product) carries no configuration, and the profile is the process's own
 * (REGULATORY_PROFILE), so one switch per process, like `rgClock`.
 */
export const registrationDue = { enforced: false };

type Executor = Db | Tx;

/** Whether art. 31's data and the two prudential limits are all there (limits as in force now). */
function completeFrom(hasData: boolean, limits: LimitState): boolean {
  const loss = PERIODS.some((period) => limits.effective.has(keyOf('loss', period)));
  return hasData && loss && limits.effective.has(keyOf('session', ''));
}

async function hasRegistrationData(db: Executor, userId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('player_registration_data')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('gender', 'is not', null)
    .where('address_line', 'is not', null)
    .where('city', 'is not', null)
    .where('state', 'is not', null)
    .where('postal_code', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Under br-licensed: the player still owes art. 31's fields. Elsewhere never. */
export async function registrationIncomplete(
  config: AppContext['config'],
  db: Executor,
  userId: bigint,
): Promise<boolean> {
  if (config.regulatoryProfile !== 'br-licensed') return false;
  const [hasData, limits] = await Promise.all([
    hasRegistrationData(db, userId),
    loadLimits(db, userId, rgClock.now()),
  ]);
  return !completeFrom(hasData, limits);
}

/** The refusal of a stake or a deposit while the data is owed: 1403 with a flag the web opens its sheet on. */
export const registrationRefusal = () =>
  new DomainError('ACCOUNT_REFUSED', 'rg.registration_incomplete', {}, { registrationIncomplete: true });

/** In a stake's transaction, from the limit rows its opening statement read (rg.stake.ts). */
export async function assertRegistrationCompleteForStake(
  trx: Tx,
  userId: bigint,
  limits: LimitState,
): Promise<void> {
  if (!registrationDue.enforced) return;
  if (!completeFrom(await hasRegistrationData(trx, userId), limits)) throw registrationRefusal();
}

/** In a deposit order's transaction (rg.service.ts `assertDepositAllowed`). */
export async function assertRegistrationCompleteForDeposit(
  ctx: AppContext,
  trx: Tx,
  userId: bigint,
): Promise<void> {
  if (await registrationIncomplete(ctx.config, trx, userId)) throw registrationRefusal();
}

const reais = (cents: bigint | undefined) => (cents === undefined ? undefined : centsToReais(cents));

/**
 * Completes an older registration with the same validation as a new one (rg.registration.ts), in one
 * transaction: the data row (kept or filled; no sign-up IP, the account was opened long before) and the limits
 * through the limits page's rules, so a limit lowered applies at once and a raise of an existing one waits 24 h.
 */
export async function completeRegistration(
  ctx: AppContext,
  userId: bigint,
  input: RegistrationFields,
): Promise<void> {
  const fields = { ...input, signupIp: undefined };
  const limits = readRegistrationLimits(ctx.config, fields);
  const data = readRegistrationData(ctx.config, fields);
  const money = (kind: 'deposit' | 'loss') => ({
    day: reais(limits[kind].day),
    week: reais(limits[kind].week),
    month: reais(limits[kind].month),
  });
  const body: RgLimitsBody = { deposit: money('deposit'), loss: money('loss') };
  if (limits.sessionMinutes !== undefined) body.sessionMinutes = limits.sessionMinutes;
  await ctx.db.transaction().execute(async (trx) => {
    await changeLimitsIn(trx, userId, body);
    if (!data) return;
    const { signup_ip: _notAsked, ...given } = data;
    await trx
      .insertInto('player_registration_data')
      .values({ user_id: userId, ...given })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(given))
      .execute();
  });
}
