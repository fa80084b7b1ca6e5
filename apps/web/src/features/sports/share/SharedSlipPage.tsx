import type { SharedSelection } from '@aposta/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import type { PageProps } from '../../../components/page-props';
import { Button } from '../../../components/ui/Button';
import { formatOdds } from '../../../lib/format';
import { openOverlay } from '../../../lib/overlays';
import { usePrefs } from '../../../lib/prefs';
import { queryClient } from '../../../lib/query-client';
import { useToken } from '../../../lib/token';
import { matchQueryOptions } from '../api/match';
import { marketText, outcomeText } from '../logic/match-text';
import { isLive } from '../logic/vocabulary';
import { BetSlip } from '../slip/BetSlip';
import { useSlip } from '../slip/slip-store';
import '../sports.css';
import '../sports-i18n';
import { useSharedSlip } from './api';
import { fillFromShared, type SlipFill } from './fill-slip';
import { slipCodeOf } from './share-links';
import { slipsNamespace } from './slips-i18n';
import './share.css';

function SelectionRow({ selection, left }: { selection: SharedSelection; left: SlipFill['left'] }) {
  const { t } = useTranslation(slipsNamespace);
  const { t: ts } = useTranslation('sports');
  const locale = usePrefs((state) => state.locale);
  const why = left.get(selection.selectionId);
  return (
    <li className={`shared-leg${why ? ' shared-leg-off' : ''}`} data-status={selection.status}>
      <div className="shared-leg-text">
        <strong>{outcomeText(ts, selection, locale)}</strong>
        <span>{marketText(ts, selection)}</span>
        <span className="shared-leg-match">
          {isLive(selection.matchPeriod) ? <span className="live-dot" aria-hidden="true" /> : null}
          {selection.home} x {selection.away}
        </span>
        {why ? <span className="shared-leg-note">{t(`slip.left.${why}`)}</span> : null}
      </div>
      <span className="shared-leg-odds">{why ? '-' : formatOdds(selection.odds, locale)}</span>
    </li>
  );
}

/** /sports/slip/:code: a friend's slip at the odds of now, put on the bet slip; a guest is asked to log in. */
export default function SharedSlipPage(_props: PageProps) {
  const { t } = useTranslation(slipsNamespace);
  const { code: codeText } = useParams();
  const code = slipCodeOf(codeText);
  const token = useToken((state) => state.token);
  const query = useSharedSlip(code);
  const filled = useRef<string>(undefined);
  const selections = query.data?.selections ?? [];
  const fill = fillFromShared(selections);
  // Once per code: the slip takes the open picks (a later refetch only refreshes the marks and odds shown).
  useEffect(() => {
    if (!query.data || filled.current === code) return;
    filled.current = code;
    const { state } = fillFromShared(query.data.selections);
    useSlip.setState({ mode: state.mode, legs: state.legs, sheetOpen: false });
    for (const matchId of new Set(state.legs.map((leg) => leg.matchId)))
      void queryClient.prefetchQuery(matchQueryOptions(matchId, !token));
  }, [query.data, code, token]);
  const openSlip = () => (token ? useSlip.getState().setSheetOpen(true) : openOverlay('login'));

  return (
    <section className="page shared-slip-page" aria-labelledby="shared-slip-title">
      <PageHeader title={t('page.title')} />
      {!code || query.isError ? (
        <p className="sports-state" role="alert">
          {t('page.notFound')}
        </p>
      ) : !query.data ? (
        <p className="sports-state">{t('page.loading')}</p>
      ) : (
        <>
          <div className="shared-head">
            <h2 id="shared-slip-title">{t('page.heading', { count: selections.length })}</h2>
            <p className="shared-sub">
              {t('page.code')} <strong>{code}</strong> · {t('page.currentOdds')}
            </p>
          </div>
          <ul className="shared-legs">
            {selections.map((selection) => (
              <SelectionRow key={selection.selectionId} selection={selection} left={fill.left} />
            ))}
          </ul>
          <div className="shared-actions">
            {fill.state.legs.length === 0 ? (
              <p className="shared-sub">{t('page.nothingOpen')}</p>
            ) : (
              <>
                <p className="shared-sub">{t('page.added', { count: fill.state.legs.length })}</p>
                <Button variant="primary" block onClick={openSlip}>
                  {token ? t('page.openSlip') : t('page.loginToBet')}
                </Button>
              </>
            )}
          </div>
        </>
      )}
      <BetSlip />
    </section>
  );
}
