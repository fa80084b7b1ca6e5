import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecentGamesRow } from '../../../components/lobby/GameRow';
import { useBadges } from '../../../components/lobby/lobby-api';
import type { PageProps } from '../../../components/page-props';
import { Button } from '../../../components/ui/Button';
import { Tabs } from '../../../components/ui/Tabs';
import { fetchGameList } from '../api/game-list';
import { SlotGrid } from '../components/SlotGrid';
import { slotProviders } from '../slot-links';
import { slotsNamespace } from '../slots-i18n';
import '../slots.css';

// A page of tiles a cheap phone draws at once (the art loads lazily); "Mostrar mais" asks for the next one.
export const allGamesPageSize = 30;

const kinds = ['ALL', 'SELF', ...slotProviders] as const;
type Kind = (typeof kinds)[number];

/** Every game of the catalogue, one page at a time, narrowed by kind (house or a provider) and by name. */
function useAllGames(kind: Kind, q: string) {
  const filter = { productCode: kind === 'ALL' ? undefined : kind, q: q || undefined };
  return useInfiniteQuery({
    queryKey: ['slots', 'all', kind, q],
    queryFn: ({ pageParam }) => fetchGameList(filter, pageParam, allGamesPageSize),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * allGamesPageSize < last.total ? pages.length + 1 : undefined,
    staleTime: 60_000,
    // A chip or a letter keeps the last list on screen until the new one is in (no blank flash, no jump).
    placeholderData: keepPreviousData,
  });
}

/** /gg: every game in one list: the sportsbook, the house games and each provider's slots, with chips and a search. */
export default function AllGamesPage({ titleKey }: PageProps) {
  // The page's own texts are the engage namespace's `gg` block (bundled); the grid's, the slots'.
  const { t } = useTranslation(['engage', slotsNamespace, 'home']);
  const badges = useBadges();
  const [kind, setKind] = useState<Kind>('ALL');
  const [text, setText] = useState('');
  const q = useDeferredValue(text.trim());
  const list = useAllGames(kind, q);
  const title = t(`common:pages.${titleKey}`);
  const kindLabel = (value: Kind) =>
    value === 'ALL'
      ? t('gg.chipAll')
      : value === 'SELF'
        ? t('gg.house')
        : t(`common:settings.${value.toLowerCase()}`);
  const games = list.data?.pages.flatMap((page) => page.records) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const filtered = kind !== 'ALL' || q !== '';
  return (
    <section className="page slots-page" aria-labelledby="page-title">
      <h2 id="page-title" className="visually-hidden">
        {title}
      </h2>
      <div className="gg-body">
        <Link to="/sports" className="gg-sports">
          <strong>{t('gg.sports')}</strong>
          <span>{t('gg.sportsText')}</span>
          <span className="btn btn-primary btn-small">{t('gg.sportsAction')}</span>
        </Link>
        <RecentGamesRow id="gg-recent" badges={badges} />
        <label className="search-field">
          <span className="visually-hidden">{t('gg.search')}</span>
          <input
            type="search"
            value={text}
            maxLength={64}
            placeholder={t('gg.search')}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <Tabs
          variant="chips"
          label={t('gg.filter')}
          value={kind}
          items={kinds.map((value) => ({ value, label: kindLabel(value) }))}
          onChange={setKind}
        />
        {!list.data ? (
          list.isError ? (
            <div className="slots-state" role="alert">
              <p>{t('games:slots.loadFailed')}</p>
              <Button variant="ghost" onClick={() => void list.refetch()}>
                {t('games:slots.retry')}
              </Button>
            </div>
          ) : (
            <p className="slots-state">{t('games:slots.loading')}</p>
          )
        ) : games.length === 0 ? (
          <p className="slots-state">{filtered ? t('gg.none') : t('gg.empty')}</p>
        ) : (
          <>
            <p className="slots-state gg-count" aria-live="polite">
              {t('gg.count', { count: total })}
            </p>
            <SlotGrid games={games} label={kindLabel(kind)} badges={badges} />
            {list.hasNextPage ? (
              <Button
                variant="ghost"
                className="gg-more"
                disabled={list.isFetchingNextPage || list.isPlaceholderData}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage
                  ? t('games:slots.loading')
                  : t('gg.more', { count: total - games.length })}
              </Button>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
