import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecentGamesRow } from '../../components/lobby/GameRow';
import { GameTile, useOpenGame } from '../../components/lobby/GameTile';
import {
  type Badges,
  type LobbyKind,
  lobbyKinds,
  useBadges,
  useLobbySearch,
} from '../../components/lobby/lobby-api';
import { Tabs } from '../../components/ui/Tabs';
import { GameList } from './GameList';
import { SlotRows } from './SlotRows';

/** A kind's chip: every game, the house's originals, or one provider's slots. */
export function useKindLabel() {
  const { t } = useTranslation('home');
  return (kind: LobbyKind) =>
    kind === 'ALL'
      ? t('lobby.all')
      : kind === 'SELF'
        ? t('lobby.originals')
        : t(`common:settings.${kind.toLowerCase()}`);
}

/**
 * Home's lobby (issue 34, docs/decisions/0060): a search and the providers' chips over the recently played row,
 * the in-house games and the hot slots; while the player narrows, the matching games instead.
 */
export function Lobby() {
  const { t } = useTranslation('home');
  const kindLabel = useKindLabel();
  const [kind, setKind] = useState<LobbyKind>('ALL');
  const [text, setText] = useState('');
  const q = useDeferredValue(text.trim());
  const badges = useBadges();
  return (
    <>
      <div className="home-section home-lobby-filter">
        <label className="lobby-search">
          <svg className="lobby-search-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">{t('lobby.search')}</span>
          <input
            type="search"
            value={text}
            maxLength={64}
            placeholder={t('lobby.search')}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <Tabs
          variant="chips"
          label={t('lobby.providers')}
          value={kind}
          items={lobbyKinds.map((value) => ({ value, label: kindLabel(value) }))}
          onChange={setKind}
        />
      </div>
      {kind !== 'ALL' || q !== '' ? (
        <LobbyResults kind={kind} q={q} badges={badges} />
      ) : (
        <>
          <RecentGamesRow id="home-recent" badges={badges} />
          <GameList badges={badges} />
          <SlotRows badges={badges} />
        </>
      )}
    </>
  );
}

/** The games of the chosen kind whose name holds the search. */
function LobbyResults({ kind, q, badges }: { kind: LobbyKind; q: string; badges: Badges }) {
  const { t } = useTranslation('home');
  const kindLabel = useKindLabel();
  const open = useOpenGame();
  const search = useLobbySearch(kind, q);
  const games = search.data?.records ?? [];
  return (
    <section className="home-section" aria-labelledby="home-results-title">
      <h2 id="home-results-title" className="home-section-title">
        {q ? t('lobby.resultsFor', { q }) : kindLabel(kind)}
      </h2>
      {!search.data ? (
        <p className="lobby-state">{search.isError ? t('lobby.failed') : t('lobby.loading')}</p>
      ) : games.length === 0 ? (
        <p className="lobby-state">{t('lobby.none')}</p>
      ) : (
        <>
          <p className="lobby-state" aria-live="polite">
            {t('lobby.count', { count: search.data.total })}
          </p>
          <ul className="lobby-grid" aria-labelledby="home-results-title">
            {games.map((game) => (
              <li key={`${game.productCode}-${game.value}`}>
                <GameTile game={game} badges={badges} onOpen={open} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
