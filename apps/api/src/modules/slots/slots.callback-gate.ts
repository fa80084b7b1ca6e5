import type { SlotsConfig } from '../../config.ts';
import type { SlotProvider } from '../../db/schema.slots.ts';
import type { WindowLimiter } from '../../platform/window-limiter.ts';
import type { BgAnswer } from './bg.adapter.ts';
import type { EvoAnswer } from './evo.adapter.ts';
import { evoSignedFields } from './evo.adapter.ts';
import { PG_ERRORS, type PgAnswer } from './pg.adapter.ts';
import { bgSignature, evoSignature, sameSecret } from './slots.rules.ts';

/**
 * Who may spend a provider's callback allowance (decision 0056). A callback is authenticated first, by the
 * provider's own token or signature; an authentic one counts against the provider's ceiling (all its addresses
 * together: every player's spins come from a few), any other against a small allowance of its address, so a
 * flood of forged calls never delays a genuine one. A refusal answers in the provider's own words.
 */

/** Whether the call carries the provider's credentials; the adapters check again and answer a bad one. */
export function pgAuthentic(config: SlotsConfig, form: URLSearchParams): boolean {
  return (
    sameSecret(form.get('operator_token') ?? '', config.pg.operatorToken) &&
    sameSecret(form.get('secret_key') ?? '', config.pg.secretKey)
  );
}

export function evoAuthentic(config: SlotsConfig, body: Record<string, unknown>): boolean {
  const { projectId, version, secretKey } = config.evo;
  const expected = evoSignature(projectId, version, evoSignedFields(body), secretKey);
  return typeof body.signature === 'string' && sameSecret(body.signature, expected);
}

export function bgAuthentic(config: SlotsConfig, rawBody: string, signature: string | undefined): boolean {
  return signature !== undefined && sameSecret(signature, bgSignature(rawBody, config.bg.authToken));
}

export type Admission = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function admitCallback(
  limiter: WindowLimiter,
  config: SlotsConfig,
  provider: SlotProvider,
  authentic: boolean,
  address: string,
): Promise<Admission> {
  const ceiling = { PG: config.pg, EVO: config.evo, BG: config.bg }[provider].callbacksPerSecond;
  const counted = authentic
    ? await limiter.hit(`slots:${provider}`, ceiling, 1_000)
    : await limiter.hit(`slots-unverified:${address}`, config.unverifiedCallbacksPerMinute, 60_000);
  return counted.allowed
    ? { allowed: true }
    : { allowed: false, retryAfterSeconds: counted.retryAfterSeconds };
}

/**
 * The refusals past a ceiling. None of the three protocols as documented (docs/providers) has a rate-limit code,
 * so each answers its generic failure, the one its provider retries:
 * - PG: HTTP 200 with error 1200 "Internal server error"; PG resends a transfer it got no success for
 *   (`is_validate_bet`), and asks the balance again.
 * - Evoplay: status 'error', scope 'internal' (a failure of ours, not the player's) with no_refund '1': nothing
 *   moved, so there is nothing to refund; the studio retries the call.
 * - BGaming: HTTP 503 with `{ code: 503 }` (the code mirrors the HTTP status, as 400 and 403 do): SoftSwiss-family
 *   aggregators retry a 5xx (a bet is rolled back by them, a win or rollback resent).
 * Each also carries Retry-After (seconds), set by the route.
 */
export const pgBusy = (): PgAnswer => ({ data: null, error: PG_ERRORS.internal });

export const evoBusy = (): EvoAnswer => ({
  status: 'error',
  error: { scope: 'internal', no_refund: '1', message: 'Internal error, retry later' },
});

export const bgBusy = (): BgAnswer => ({
  status: 503,
  body: { code: 503, message: 'Service unavailable, retry later' },
});
