import type { MarketView as Market, MatchSummary } from '@aposta/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/Icon';
import { usePrefs } from '../../../lib/prefs';
import { byOutcomeOrder, marketKey } from '../logic/markets';
import { shortOutcome } from '../logic/match-text';
import { headlineScore, segmentsLine } from '../logic/score-detail';
import { isLive } from '../logic/vocabulary';
import { MatchClock } from './MatchClock';
import { OddsButton } from './OddsButton';
import { RaceBoard } from './RaceBoard';

export const matchPath = (matchId: number) => `/sports/match/${matchId}`;

function MarketRow({ match, market }: { match: MatchSummary; market: Market }) {
  const { t } = useTranslation('sports');
  const locale = usePrefs((state) => state.locale);
  const selections = byOutcomeOrder(market.selections);
  const name = t(`market.${marketKey(market.type, match.sport)}`);
  return (
    <fieldset className="card-market">
      <legend className="visually-hidden">{name}</legend>
      {selections.map((selection) => (
        <OddsButton
          key={selection.selectionId}
          match={match}
          market={market}
          selection={selection}
          label={shortOutcome(
            t,
            { type: market.type, outcome: selection.outcome, line: market.line },
            locale,
          )}
        />
      ))}
    </fieldset>
  );
}

/** A race in the list: its title and lap, the first three runners with their winner and podium prices. */
function RaceCard({ match }: { match: MatchSummary }) {
  const { t } = useTranslation('sports');
  return (
    <article className="match-card race-card" aria-label={match.home}>
      <Link to={matchPath(match.matchId)} className="match-card-head">
        <MatchClock match={match} />
        <span className="match-teams">
          <span className="team-name">{match.home}</span>
        </span>
        <span className="match-more">
          {t('race.allRunners', { n: match.runners?.length ?? 0 })}
          <Icon name="chevron" />
        </span>
      </Link>
      <RaceBoard match={match} markets={match.mainMarkets} limit={3} />
    </article>
  );
}

/** A match in the list: when or how it is going, the sides (and score), and its main markets' prices. */
export function MatchCard({ match }: { match: MatchSummary }) {
  if (match.kind === 'outright') return <RaceCard match={match} />;
  return <TwoSidedCard match={match} />;
}

function TwoSidedCard({ match }: { match: MatchSummary }) {
  const { t } = useTranslation('sports');
  const live = isLive(match.period);
  const headline = live ? headlineScore(match) : null;
  const segments = live ? segmentsLine(t, match) : null;
  const shown = match.mainMarkets.filter((market) => market.status !== 'closed');
  const winner = shown.find((market) => market.type === 'winAlone');
  const lines = ['handicap', 'total']
    .map((type) => shown.find((market) => market.type === type))
    .filter((market): market is Market => market !== undefined);
  return (
    <article className="match-card" aria-label={`${match.home} x ${match.away}`}>
      <Link to={matchPath(match.matchId)} className="match-card-head">
        <MatchClock match={match} />
        <span className="match-teams">
          <span className="match-team">
            <span className="team-name">{match.home}</span>
            {headline ? <strong className="team-score">{headline.home}</strong> : null}
          </span>
          <span className="match-team">
            <span className="team-name">{match.away}</span>
            {headline ? <strong className="team-score">{headline.away}</strong> : null}
          </span>
          {segments ? <span className="match-segments">{segments}</span> : null}
        </span>
        <span className="match-more">
          {t('moreMarkets')}
          <Icon name="chevron" />
        </span>
      </Link>
      {winner ? <MarketRow match={match} market={winner} /> : null}
      {lines.length > 0 ? (
        <div className="card-lines">
          {lines.map((market) => (
            <MarketRow key={market.marketId} match={match} market={market} />
          ))}
        </div>
      ) : null}
    </article>
  );
}
