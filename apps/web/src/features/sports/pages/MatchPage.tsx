import type { MarketView as Market, MatchDetail } from '@aposta/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import type { PageProps } from '../../../components/page-props';
import { usePrefs } from '../../../lib/prefs';
import { useMatch } from '../api/match';
import { BuilderModeTabs, BuilderPanel, builderOffered, useBuilderMode } from '../builder/BuilderMode';
import { MatchClock } from '../components/MatchClock';
import { OddsButton } from '../components/OddsButton';
import { RaceBoard } from '../components/RaceBoard';
import { byOutcomeOrder, marketKey, marketPeriodOrder, marketTypeOrder } from '../logic/markets';
import { countsFromText, outcomeText, periodText } from '../logic/match-text';
import { headlineScore, segmentsLine } from '../logic/score-detail';
import { isLive, isOver } from '../logic/vocabulary';
import { BetSlip } from '../slip/BetSlip';
import { MatchTracker } from '../tracker/MatchTracker';
import '../sports.css';
import '../sports-i18n';
import { Button } from '../../../components/ui/Button';
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

/** Sports whose half-time score reads as one (elsewhere the first set or innings show in the score detail). */
const halves = new Set(['football', 'basketball', 'americanFootball']);

/** A race's header: series, title and the lap ("Volta 34 de 58") or the start time. */
function RaceHeader({ match }: { match: MatchDetail }) {
  const { t } = useTranslation('sports');
  return (
    <div className="scoreboard">
      <p className="scoreboard-league">
        {t(`sport.${match.sport}`)} · {match.league}
      </p>
      <p className="race-title">{match.home}</p>
      <p className="scoreboard-clock">
        <MatchClock match={match} />
      </p>
    </div>
  );
}

function Scoreboard({ match }: { match: MatchDetail }) {
  const { t } = useTranslation('sports');
  const showScore = isLive(match.period) || isOver(match.period);
  const headline = showScore ? headlineScore(match) : null;
  const segments = showScore ? segmentsLine(t, match) : null;
  return (
    <div className="scoreboard">
      <p className="scoreboard-league">
        {t(`sport.${match.sport}`)} · {match.league}
      </p>
      <div className="scoreboard-teams">
        <span className="scoreboard-team">{match.home}</span>
        <span className="scoreboard-score">{headline ? `${headline.home} – ${headline.away}` : 'x'}</span>
        <span className="scoreboard-team">{match.away}</span>
      </div>
      <p className="scoreboard-clock">
        <MatchClock match={match} />
      </p>
      {segments ? <p className="scoreboard-segments">{segments}</p> : null}
      {match.halfTimeScore && match.period !== 1 && showScore && halves.has(match.sport) ? (
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
  // In play, a handicap counts from the current score on (as settlement does): the heading says from which.
  const from = isLive(match.period) ? countsFromText(t, group.type, match.score) : null;
  return (
    <section className="market-group" aria-label={name}>
      <h3 className="market-name">
        {name}
        {from ? <span className="market-counts-from"> · {from}</span> : null}
      </h3>
      {from ? <p className="market-hint">{t('market.countsFromHint')}</p> : null}
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
  const [builderMode, setBuilderMode] = useBuilderMode();
  const match = query.data;
  const periods = match
    ? marketPeriodOrder.filter((entry) => groupMarkets(match.markets, entry).length > 0)
    : [];
  const shownPeriod = periods.includes(period) ? period : (periods[0] ?? 'full');
  const groups = match ? groupMarkets(match.markets, shownPeriod) : [];
  return (
    <section
      className="match-page"
      aria-label={
        match ? (match.kind === 'outright' ? match.home : `${match.home} x ${match.away}`) : t('title')
      }
    >
      <PageHeader title={match ? match.league : t('title')} />
      {match?.kind === 'outright' ? (
        <>
          <RaceHeader match={match} />
          <RaceBoard match={match} markets={match.markets} />
        </>
      ) : match ? (
        <>
          <Scoreboard match={match} />
          <MatchTracker match={match} />
          {builderOffered(match) ? <BuilderModeTabs value={builderMode} onChange={setBuilderMode} /> : null}
          {builderOffered(match) && builderMode ? <BuilderPanel match={match} /> : null}
          {builderOffered(match) && builderMode ? null : periods.length > 1 ? (
            <Tabs
              label={t('title')}
              value={shownPeriod}
              onChange={setPeriod}
              items={periods.map((entry) => ({ value: entry, label: periodText(t, entry, match.sport) }))}
              className="period-switch"
            />
          ) : null}
          {builderOffered(match) && builderMode ? null : groups.length === 0 ? (
            <p className="sports-state">{t('noMarkets')}</p>
          ) : null}
          {(builderOffered(match) && builderMode ? [] : groups).map((group) => (
            <MarketGroupView key={group.type} match={match} group={group} />
          ))}
        </>
      ) : query.isPending && Number.isFinite(matchId) ? (
        <p className="sports-state">{t('loading')}</p>
      ) : (
        <div className="sports-state" role="alert">
          <p>{t('matchNotFound')}</p>
          {Number.isFinite(matchId) ? (
            <Button variant="ghost" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          ) : null}
        </div>
      )}
      <BetSlip />
    </section>
  );
}
