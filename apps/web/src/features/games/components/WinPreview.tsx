import type { Multiplier } from '@aposta/fair';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../format';
import { gamesNamespace } from '../games-i18n';
import { useLocale } from '../hooks';
import { payoutCents } from '../logic/paytables';

/**
 * What a win would pay at the chosen stake and multiplier ('-' until both are valid), and the payout cap's
 * hint when the pick would exceed it (the page also disables its bet button then).
 */
export function WinPreview({
  stakeCents,
  multiplier,
  tooMuch,
  lead = null,
}: {
  stakeCents: number | undefined;
  multiplier: Multiplier | undefined;
  tooMuch: boolean;
  /** Said before the payout (limbo names the target's multiplier). */
  lead?: ReactNode;
}) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  return (
    <>
      <p className="payout-line">
        {lead}
        {t('paytable.payoutOnWin')}{' '}
        <strong>
          {multiplier !== undefined && stakeCents !== undefined
            ? money(payoutCents(stakeCents, multiplier) / 100, locale)
            : '-'}
        </strong>
      </p>
      {tooMuch ? <p className="bet-hint">{t('amount.payoutMax', { max: money(100_000, locale) })}</p> : null}
    </>
  );
}
