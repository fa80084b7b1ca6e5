import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import type { PageProps } from '../../../components/page-props';
import { playerApi } from '../../../lib/player-api';
import { useGameList } from '../api/game-list';
import { SlotGrid } from '../components/SlotGrid';
import { slotsNamespace } from '../slots-i18n';
import '../slots.css';

const matchesMax = 100;

// GET /api/app/sports/matches (live and upcoming, the first 100 of each): the matches a search can find.
function useSearchableMatches(enabled: boolean) {
  return useQuery({
    queryKey: ['slots', 'search', 'matches'],
    enabled,
    staleTime: 60_000,
    queryFn: async () => {
      const [live, upcoming] = await Promise.all(
        [1, 0].map((live) =>
          playerApi('GET /api/app/sports/matches', {
            query: { live, page: 1, size: matchesMax },
            loading: false,
            silent: true,
          }),
        ),
      );
      return [...live!.records, ...upcoming!.records];
    },
  });
}

/** /search: every game by name (in-house and slots) and the sports matches by team or league. */
export default function SearchPage({ titleKey }: PageProps) {
  const { t } = useTranslation(slotsNamespace);
  const [text, setText] = useState('');
  const query = useDeferredValue(text.trim());
  const searching = query.length >= 2;
  const games = useGameList({ q: query }, searching);
  const matches = useSearchableMatches(searching);
  const needle = query.toLocaleLowerCase();
  const foundMatches = (matches.data ?? [])
    .filter((match) =>
      [match.home, match.away, match.league].some((name) => name.toLocaleLowerCase().includes(needle)),
    )
    .slice(0, 20);
  const title = t(`common:pages.${titleKey}`);
  return (
    <section className="page slots-page" aria-labelledby="page-title">
      <PageHeader title={title} />
      <h2 id="page-title" className="visually-hidden">
        {title}
      </h2>
      <label className="search-field">
        <span className="visually-hidden">{t('slots.searchLabel')}</span>
        <input
          type="search"
          value={text}
          maxLength={64}
          placeholder={t('slots.searchPlaceholder')}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      {!searching ? (
        <p className="slots-state">{t('slots.searchHint')}</p>
      ) : (
        <>
          <h3 className="game-mess-heading">{t('slots.searchGames')}</h3>
          {games.data && games.data.records.length > 0 ? (
            <SlotGrid games={games.data.records} label={t('slots.searchGames')} />
          ) : (
            <p className="slots-state">{games.isPending ? t('slots.loading') : t('slots.searchNone')}</p>
          )}
          <h3 className="game-mess-heading">{t('slots.searchMatches')}</h3>
          {foundMatches.length > 0 ? (
            <ul className="search-matches">
              {foundMatches.map((match) => (
                <li key={match.matchId}>
                  <Link to={`/sports/match/${match.matchId}`}>
                    <span>{`${match.home} × ${match.away}`}</span>
                    <small>{match.league}</small>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="slots-state">{matches.isPending ? t('slots.loading') : t('slots.searchNone')}</p>
          )}
        </>
      )}
    </section>
  );
}
