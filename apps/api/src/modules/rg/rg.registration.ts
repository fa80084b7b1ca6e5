import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/tx.ts';
import { readAmountCents } from '../../lib/amount.ts';
import { invalidInput } from '../../lib/domain-error.ts';
import { bonusesAllowed } from './rg.bonuses.ts';
import { MINUTES_MAX, MINUTES_MIN, type MoneyPeriod, PERIODS } from './rg.rules.ts';

/** What the regulatory profile asks of a registration and of the promotions offered before a deposit. */

/** br-licensed: no deposit gift nor any other bonus promised before a deposit (Lei 14.790/2023, art. 29). */
export const depositGiftAllowed = (config: AppContext['config']): boolean => bonusesAllowed(config);

type Amount = string | number;

/** The registration's own fields (decision 0055): limits, and the data of Portaria SPA/MF 1.231/2024 art. 31. */
export interface RegistrationFields {
  depositDay?: Amount;
  depositWeek?: Amount;
  depositMonth?: Amount;
  lossDay?: Amount;
  lossWeek?: Amount;
  lossMonth?: Amount;
  sessionMinutes?: number;
  gender?: 'female' | 'male' | 'other' | 'undisclosed';
  addressLine?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  /** Not the client's: the address the request came from (routes), recorded under br-licensed. */
  signupIp?: string;
}

export interface RegistrationLimits {
  deposit: Partial<Record<MoneyPeriod, bigint>>;
  loss: Partial<Record<MoneyPeriod, bigint>>;
  sessionMinutes: number | undefined;
}

const capitalised = (period: MoneyPeriod) => `${period[0]!.toUpperCase()}${period.slice(1)}`;

function readMoneyLimits(input: RegistrationFields, kind: 'deposit' | 'loss') {
  const limits: Partial<Record<MoneyPeriod, bigint>> = {};
  for (const period of PERIODS) {
    const field = `${kind}${capitalised(period)}` as keyof RegistrationFields;
    const raw = input[field] as Amount | undefined;
    if (raw === undefined || raw === '') continue;
    const cents = readAmountCents(raw, field);
    if (cents <= 0n) throw invalidInput('validation.amount', { field });
    limits[period] = cents;
  }
  return limits;
}

/**
 * The limits of a registration, validated before the account exists: amounts exactly, minutes in the range the
 * limits page allows. Under br-licensed at least one deposit limit, one loss limit and the session time limit
 * (art. 31, XI and XII as amended by Portaria SPA/MF 2.579/2025: the "limites prudenciais" are registration data).
 */
export function readRegistrationLimits(
  config: AppContext['config'],
  input: RegistrationFields,
): RegistrationLimits {
  const licensed = config.regulatoryProfile === 'br-licensed';
  const deposit = readMoneyLimits(input, 'deposit');
  if (licensed && Object.keys(deposit).length === 0) throw invalidInput('rg.deposit_limit_required');
  const loss = readMoneyLimits(input, 'loss');
  if (licensed && Object.keys(loss).length === 0) throw invalidInput('rg.loss_limit_required');
  const minutes = input.sessionMinutes;
  if (minutes === undefined && licensed) throw invalidInput('rg.session_limit_required');
  if (minutes !== undefined && (minutes < MINUTES_MIN.session || minutes > MINUTES_MAX))
    throw invalidInput('rg.minutes_range', {
      field: 'sessionMinutes',
      min: MINUTES_MIN.session,
      max: MINUTES_MAX,
    });
  return { deposit, loss, sessionMinutes: minutes };
}

const trimmed = (value: string | undefined) => {
  const text = value?.trim();
  return text ? text : null;
};

/**
 * The personal data of art. 31 a registration records, validated before the account exists. Under br-licensed the
 * gender (inciso V, added in 2025), the full address and the sign-up IP are required; the open profile asks none
 * and keeps only what a client sent of its own accord (no IP). undefined: nothing to store.
 */
export function readRegistrationData(config: AppContext['config'], input: RegistrationFields) {
  const licensed = config.regulatoryProfile === 'br-licensed';
  const data = {
    gender: input.gender ?? null,
    address_line: trimmed(input.addressLine),
    city: trimmed(input.city),
    state: trimmed(input.state)?.toUpperCase() ?? null,
    postal_code: trimmed(input.postalCode)?.replace('-', '') ?? null,
    signup_ip: licensed ? (input.signupIp ?? '').slice(0, 64) || null : null,
  };
  if (licensed && data.gender === null) throw invalidInput('auth.gender_required');
  const address = [data.address_line, data.city, data.state, data.postal_code];
  if (licensed && address.some((part) => part === null)) throw invalidInput('auth.address_required');
  return Object.values(data).some((value) => value !== null) ? data : undefined;
}

/** Stores the registration data in the account's transaction (migration 0105: purpose and retention default). */
export async function saveRegistrationData(
  trx: Tx,
  userId: bigint,
  data: ReturnType<typeof readRegistrationData>,
): Promise<void> {
  if (data)
    await trx
      .insertInto('player_registration_data')
      .values({ user_id: userId, ...data })
      .execute();
}
