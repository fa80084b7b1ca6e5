import type { SelectionView as Selection } from '@aposta/contract';
import { useTranslation } from 'react-i18next';
import { formatOdds } from '../../../lib/format';
import type { LocaleCode } from '../../../lib/locales';

/** The price a pick is taken at: the boosted one when an operator boosted it (api-contract section 19). */
export const takenOdds = (selection: Selection): number => selection.boostedOdds ?? selection.odds;

/**
 * A price on an odds button: the plain odds, or for a boosted selection the old odds struck through beside the
 * boosted price (the way Betano and bet365 show their "odds turbinadas").
 */
export function BoostedOdds({ selection, locale }: { selection: Selection; locale: LocaleCode }) {
  const { t } = useTranslation('sports');
  if (selection.boostedOdds === undefined) return <>{formatOdds(selection.odds, locale)}</>;
  return (
    <span className="odds-boost" title={t('boost.label')}>
      <s className="odds-boost-old" title={t('boost.was', { odds: formatOdds(selection.odds, locale) })}>
        {formatOdds(selection.odds, locale)}
      </s>
      <span className="odds-boost-new">
        <span aria-hidden="true">⚡</span>
        {formatOdds(selection.boostedOdds, locale)}
      </span>
    </span>
  );
}
