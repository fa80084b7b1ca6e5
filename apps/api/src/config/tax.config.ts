import { ConfigError, type Env } from '../config.parse.ts';

/**
 * The winnings tax (modules/tax, decision 0057): IRPF at source on fixed-odds net prizes (Lei 14.790/2023 art. 31,
 * IN RFB 2.191/2024). Only under REGULATORY_PROFILE=br-licensed; the open profile never withholds.
 *
 * - WINNINGS_TAX (withhold under br-licensed): `withhold` (the conservative reading of IN RFB 2.191/2024: the
 *   operator withholds at each payout), `statement-only` (the reading of Lei 14.790 art. 31 with its annual
 *   computation: nothing is withheld, the player gets the annual statement for their own return), `off`.
 * - WINNINGS_TAX_RATE (15.00): percent, two decimals at most.
 * - WINNINGS_TAX_EXEMPT (2259.20): reais of net prize per period that are not taxed: the first band of the monthly
 *   IRPF table the IN RFB 2.191/2024 names (R$ 2.259,20, Lei 14.848/2024). Since May 2025 that band is R$ 2.428,80
 *   (Lei 15.191/2025); the lower figure withholds more and stays the default until counsel says otherwise.
 * - WINNINGS_TAX_PERIOD (year): `year` or `month`, the period in which prizes and stakes are netted.
 * - WINNINGS_TAX_BASIS (event): what is netted. `event`, the IN's reading: each bet's net prize (prize − stake; a
 *   round game's round, a slot's game session), with no loss of one event offsetting another's prize, summed over
 *   the period. `period-net`: the period's prizes − stakes, losses offset (the vetoed annual reading of the law).
 */
export type WinningsTaxBasis = 'event' | 'period-net';
export type WinningsTaxMode = 'off' | 'withhold' | 'statement-only';

export interface TaxConfig {
  mode: WinningsTaxMode;
  rateBasisPoints: number;
  exemptCents: bigint;
  period: 'year' | 'month';
  basis: WinningsTaxBasis;
}

const MODES: WinningsTaxMode[] = ['off', 'withhold', 'statement-only'];

/** "15", "15.5", "15.00" → basis points; exact, no float. */
function percentToBasisPoints(raw: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(raw);
  if (!match) throw new ConfigError(`WINNINGS_TAX_RATE must be a percent like 15.00, got "${raw}"`);
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (bp > 10_000) throw new ConfigError(`WINNINGS_TAX_RATE must be at most 100, got "${raw}"`);
  return bp;
}

function reaisToCents(raw: string): bigint {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(raw);
  if (!match) throw new ConfigError(`WINNINGS_TAX_EXEMPT must be reais like 2259.20, got "${raw}"`);
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

export function parseTax(env: Env, options: { licensed: boolean }): TaxConfig {
  const raw = (env.WINNINGS_TAX ?? '').trim() || 'withhold';
  if (!MODES.includes(raw as WinningsTaxMode))
    throw new ConfigError(`WINNINGS_TAX must be off, withhold or statement-only, got "${raw}"`);
  const period = (env.WINNINGS_TAX_PERIOD ?? '').trim() || 'year';
  if (period !== 'year' && period !== 'month')
    throw new ConfigError(`WINNINGS_TAX_PERIOD must be year or month, got "${period}"`);
  const basis = (env.WINNINGS_TAX_BASIS ?? '').trim() || 'event';
  if (basis !== 'event' && basis !== 'period-net')
    throw new ConfigError(`WINNINGS_TAX_BASIS must be event or period-net, got "${basis}"`);
  return {
    // The open profile is not a licensed operator: no IRRF duty, nothing withheld, no statement.
    mode: options.licensed ? (raw as WinningsTaxMode) : 'off',
    rateBasisPoints: percentToBasisPoints((env.WINNINGS_TAX_RATE ?? '').trim() || '15.00'),
    exemptCents: reaisToCents((env.WINNINGS_TAX_EXEMPT ?? '').trim() || '2259.20'),
    period,
    basis,
  };
}
