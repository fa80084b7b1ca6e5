import { tryParseAmountToCents } from '@aposta/money';
import { invalidInput } from './domain-error.ts';

/**
 * Reads a request amount (reais, number or numeric string, at most 2 decimals) into centavos; anything else is
 * a 400 naming the field, never rounded (api-contract section 1).
 */
export function readAmountCents(raw: unknown, field = 'amount'): bigint {
  const parsed = tryParseAmountToCents(raw);
  if (!parsed.ok) throw invalidInput('validation.amount', { field });
  return parsed.amountCents;
}

/** Like readAmountCents, but an absent or empty amount is `undefined` (the withdrawal checks word it). */
export function readOptionalAmountCents(raw: unknown, field = 'amount'): bigint | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  return readAmountCents(raw, field);
}

/**
 * The `zone` header: the client's UTC offset in hours, in quarter hours (India 5.5, Nepal 5.75), as minutes east
 * of UTC; `undefined` when absent or malformed. It only proposes the player's zone: see player-zone.ts.
 */
export function readZoneMinutes(raw: unknown): number | undefined {
  const zone = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  return Number.isInteger(zone * 4) && zone >= -12 && zone <= 14 ? Math.round(zone * 60) : undefined;
}

/** Brasília, the zone of a player who registered without a valid `zone`. */
export const DEFAULT_ZONE_MINUTES = -180;
