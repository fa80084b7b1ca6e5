import type { MarketView as Market, MatchDetail } from '@aposta/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import type { PageProps } from '../../../components/page-props';
import { usePrefs } from '../../../lib/prefs';
import { useMatch } from '../api/match';
import { MatchClock } from '../components/MatchClock';
import { OddsButton } from '../components/OddsButton';
import { byOutcomeOrder, marketKey, marketPeriodOrder, marketTypeOrder } from '../logic/markets';
import { outcomeText } from '../logic/match-text';
import { isLive, isOver } from '../logic/vocabulary';
import { BetSlip } from '../slip/BetSlip';
import '../sports.css';
import '../sports-i18n';
import { Tabs } from '../../../components/ui/Tabs';

type MarketPeriod = (typeof marketPeriodOrder)[number];

interface MarketGroup {
  type: string;
  markets: Market[];
}

/** The period's markets that can still be shown (closed ones are over), by type in the usual order, lines ascending. */
export function groupMarkets(markets: readonly Market[], period: string): MarketGroup[] {
  const shown = markets.filter((market) => market.period === period && market.status !== 'closed');
  const types = [...marketTypeOrder, ...new Set(shown.map((market) => market.type))].filter(
    (type, index, all) => all.indexOf(type) === index,
  );
  return types
    .map((type) => ({
      type,
      markets: shown
        .filter((market) => market.type === type)
        .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || a.marketId - b.marketId),
    }))
    .filter((group) => group.markets.length > 0);
}

function Scoreboard({ match }: { match: MatchDetail }) {
  const { t } = useTranslation('sports');
  const showScore = isLive(match.period) || isOver(match.period);
  return (
    <div className="scoreboard">
      <p className="scoreboard-league">
        {t(`sport.${match.sport}`)} · {match.league}
      </p>
      <div className="scoreboard-teams">
        <span className="scoreboard-team">{match.home}</span>
        <span className="scoreboard-score">
          {showScore ? `${match.score.home} – ${match.score.away}` : 'x'}
        </span>
        <span className="scoreboard-team">{match.away}</span>
      </div>
      <p className="scoreboard-clock">
        <MatchClock match={match} />
      </p>
      {match.halfTimeScore && match.period !== 1 && showScore ? (
        <p className="scoreboard-extra">{t('halfTimeScore', { ...match.halfTimeScore })}</p>
      ) : null}
      {match.corners && showScore ? (
        <p className="scoreboard-extra">{t('corners', { ...match.corners })}</p>
      ) : null}
    </div>
  );
}

function MarketGroupView({ match, group }: { match: MatchDetail; group: MarketGroup }) {
  const { t } = useTranslation('sports');
  const locale = usePrefs((state) => state.locale);
  const name = t(`market.${marketKey(group.type, match.sport)}`);
  return (
    <section className="market-group" aria-label={name}>
      <h3 className="market-name">{name}</h3>
      {group.markets.map((market) => {
        const selections = byOutcomeOrder(market.selections);
        return (
          <div
            key={market.marketId}
            className={`market-row market-row-${selections.length}${market.status === 'suspended' ? ' market-locked' : ''}`}
          >
            {selections.map((selection) => (
              <OddsButton
                key={selection.selectionId}
                match={match}
                market={market}
                selection={selection}
                label={outcomeText(
                  t,
                  {
                    ...market,
                    outcome: selection.outcome,
                    home: match.home,
                    away: match.away,
                  },
                  locale,
                )}
              />
            ))}
          </div>
        );
      })}
    </section>
  );
}

/** /sports/match/:matchId: the scoreboard (live over the socket) and every market by period and type. */
export default function MatchPage(_props: PageProps) {
  const { t } = useTranslation('sports');
  const { matchId: idText } = useParams();
  const matchId = /^\d{1,15}$/.test(idText ?? '') ? Number(idText) : Number.NaN;
  const query = useMatch(matchId);
  const [period, setPeriod] = useState<MarketPeriod>('full');
  const match = query.data;
  const periods = match
    ? marketPeriodOrder.filter((entry) => groupMarkets(match.markets, entry).length > 0)
    : [];
  const shownPeriod = periods.includes(period) ? period : (periods[0] ?? 'full');
  const groups = match ? groupMarkets(match.markets, shownPeriod) : [];
  return (
    <section className="match-page" aria-label={match ? `${match.home} x ${match.away}` : t('title')}>
      <PageHeader title={match ? match.league : t('title')} />
      {match ? (
        <>
          <Scoreboard match={match} />
          {periods.length > 1 ? (
            <Tabs
              label={t('title')}
              value={shownPeriod}
              onChange={setPeriod}
              items={periods.map((entry) => ({ value: entry, label: t(`marketPeriod.${entry}`) }))}
              className="period-switch"
            />
          ) : null}
          {groups.length === 0 ? <p className="sports-state">{t('noMarkets')}</p> : null}
          {groups.map((group) => (
            <MarketGroupView key={group.type} match={match} group={group} />
          ))}
        </>
      ) : query.isPending && Number.isFinite(matchId) ? (
        <p className="sports-state">{t('loading')}</p>
      ) : (
        <div className="sports-state" role="alert">
          <p>{t('matchNotFound')}</p>
          {Number.isFinite(matchId) ? (
            <button type="button" className="btn btn-ghost" onClick={() => void query.refetch()}>
              {t('retry')}
            </button>
          ) : null}
        </div>
      )}
      <BetSlip />
    </section>
  );
}
