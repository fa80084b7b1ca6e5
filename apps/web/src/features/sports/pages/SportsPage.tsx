import type { MatchSummary } from '@aposta/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { PageProps } from '../../../components/page-props';
import { useMatches } from '../api/matches';
import { useSportsList } from '../api/sports-list';
import { MatchCard } from '../components/MatchCard';
import { isSportCode, type SportCode, sportCodes } from '../logic/vocabulary';
import { BetSlip } from '../slip/BetSlip';
import '../sports.css';
import '../sports-i18n';
import { Button } from '../../../components/ui/Button';
import { Tabs } from '../../../components/ui/Tabs';

/** Matches of one list grouped by league, in the order the server sent them (live first, then kick-off). */
function byLeague(matches: readonly MatchSummary[]): { league: string; matches: MatchSummary[] }[] {
  const groups = new Map<string, MatchSummary[]>();
  for (const match of matches) {
    const group = groups.get(match.league);
    if (group) group.push(match);
    else groups.set(match.league, [match]);
  }
  return [...groups].map(([league, list]) => ({ league, matches: list }));
}

function SportTabs({ sport, onChoose }: { sport: SportCode; onChoose: (sport: SportCode) => void }) {
  const { t } = useTranslation('sports');
  const counts = useSportsList();
  const row = useRef<HTMLDivElement>(null);
  // The chosen sport is always in view, even when it is far along the row (a link, back, a reload).
  const ready = counts.isSuccess;
  useEffect(() => {
    // Counts change the tabs' widths: place the row once they are in.
    if (!ready) return;
    const tab = row.current?.querySelector<HTMLElement>(`[data-value="${sport}"]`);
    const container = row.current;
    if (!tab || !container) return;
    container.scrollLeft = tab.offsetLeft - (container.clientWidth - tab.offsetWidth) / 2;
  }, [sport, ready]);
  return (
    <Tabs
      variant="chips"
      listRef={row}
      label={t('sportTabs')}
      value={sport}
      onChange={onChoose}
      items={sportCodes.map((code) => {
        const count = counts.data?.find((entry) => entry.sport === code);
        return {
          value: code,
          label: (
            <>
              <span className="sport-tab-name">{t(`sport.${code}`)}</span>
              {count ? (
                <span className="sport-tab-counts">
                  {count.live > 0 ? (
                    <span className="sport-tab-live" title={t('liveCount', { count: count.live })}>
                      {count.live}
                    </span>
                  ) : null}
                  <span>{count.live + count.upcoming}</span>
                </span>
              ) : null}
            </>
          ),
        };
      })}
    />
  );
}

function MatchList({ sport, live }: { sport: SportCode; live: 0 | 1 }) {
  const { t } = useTranslation('sports');
  const matches = useMatches(sport, live);
  const records = matches.data?.pages.flatMap((page) => page.records) ?? [];
  if (matches.isPending) return <p className="sports-state">{t('loading')}</p>;
  if (matches.isError && records.length === 0) {
    return (
      <div className="sports-state" role="alert">
        <p>{t('loadFailed')}</p>
        <Button variant="ghost" onClick={() => void matches.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (records.length === 0) return <p className="sports-state">{t('noMatches')}</p>;
  return (
    <>
      {byLeague(records).map((group) => (
        <section key={group.league} className="league" aria-label={group.league}>
          <h2 className="league-name">{group.league}</h2>
          {group.matches.map((match) => (
            <MatchCard key={match.matchId} match={match} />
          ))}
        </section>
      ))}
      {matches.hasNextPage ? (
        <Button
          variant="ghost"
          block
          disabled={matches.isFetchingNextPage}
          onClick={() => void matches.fetchNextPage()}
        >
          {matches.isFetchingNextPage ? t('loading') : t('loadMore')}
        </Button>
      ) : null}
    </>
  );
}

/**
 * /sports (and the spec's footballPage): a tab per sport with its counts, live or upcoming matches grouped
 * by league, each with its main prices; tapping a price puts it on the bet slip. The sport and the
 * live switch live in the address (?sport=&live=), so back and reload keep them.
 */
export default function SportsPage(_props: PageProps) {
  const { t } = useTranslation('sports');
  const [params, setParams] = useSearchParams();
  const counts = useSportsList();
  const requested = params.get('sport');
  const sport: SportCode = isSportCode(requested) ? requested : 'football';
  const count = counts.data?.find((entry) => entry.sport === sport);
  // Without a choice, a sport with matches in play opens on them; otherwise on what is coming.
  const liveParam = params.get('live');
  const live: 0 | 1 = liveParam === '1' ? 1 : liveParam === '0' ? 0 : count && count.live > 0 ? 1 : 0;
  const choose = (next: { sport?: SportCode; live?: 0 | 1 }) => {
    const query = new URLSearchParams(params);
    if (next.sport) {
      query.set('sport', next.sport);
      query.delete('live');
    }
    if (next.live !== undefined) query.set('live', String(next.live));
    setParams(query, { replace: true });
  };
  return (
    <section className="sports-page" aria-labelledby="sports-title">
      <div className="sports-top">
        <h1 id="sports-title" className="sports-title">
          {t('title')}
        </h1>
        <Link to="/sports/bets" className="btn btn-ghost btn-small">
          {t('myBets')}
        </Link>
      </div>
      <SportTabs sport={sport} onChoose={(code) => choose({ sport: code })} />
      <Tabs
        label={t('liveSwitch')}
        value={live}
        onChange={(value) => choose({ live: value })}
        items={([1, 0] as const).map((value) => ({
          value,
          label: (
            <>
              {value === 1 ? <span className="live-dot" aria-hidden="true" /> : null}
              {t(value === 1 ? 'live' : 'upcoming')}
              {count ? (
                <span className="live-switch-count">{value === 1 ? count.live : count.upcoming}</span>
              ) : null}
            </>
          ),
        }))}
      />
      {counts.isPending && liveParam === null ? (
        <p className="sports-state">{t('loading')}</p>
      ) : (
        <MatchList key={`${sport}-${live}`} sport={sport} live={live} />
      )}
      <BetSlip />
    </section>
  );
}
