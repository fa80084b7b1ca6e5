import type { GameListRecord } from '@aposta/contract';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { openOverlay } from '../../lib/overlays';
import { useToken } from '../../lib/token';
import { showAlert } from '../../lib/ui';
import { useHotSlots, useRecentSlots } from './api/slots';

/** The art of a game the catalogue lists without its own file (a provider's new game): never a broken tile. */
const fallbackArt = '/slots/slot-default.svg';

function showFallbackArt(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (!image.src.endsWith(fallbackArt)) image.src = fallbackArt;
}

/**
 * Home's slot rows (decision 0034): the slots everyone played most this week ("hot", for a guest too) and, for
 * a logged-in player, the ones they opened last. Each tile is the game's art and name; 'Em Breve...' when the
 * operator has stopped it.
 */
export function SlotRows() {
  const { t } = useTranslation('home');
  const token = useToken((state) => state.token);
  const hot = useHotSlots();
  const recent = useRecentSlots(token);
  const recentGames = token ? (recent.data?.records ?? []) : [];
  return (
    <>
      {recentGames.length > 0 ? (
        <SlotRow id="home-recent-slots" title={t('slotRows.recent')} games={recentGames} />
      ) : null}
      {hot.isPending ? (
        <SlotRowSkeleton title={t('slotRows.hot')} />
      ) : (hot.data?.records.length ?? 0) > 0 ? (
        <SlotRow id="home-hot-slots" title={t('slotRows.hot')} games={hot.data?.records ?? []} seeAll />
      ) : null}
    </>
  );
}

function SlotRow({
  id,
  title,
  games,
  seeAll = false,
}: {
  id: string;
  title: string;
  games: readonly GameListRecord[];
  seeAll?: boolean;
}) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const token = useToken((state) => state.token);
  const open = (game: GameListRecord) => {
    if (game.stop) return void showAlert(t('common:messages.comingSoon'));
    if (!token) return openOverlay('login');
    const query = new URLSearchParams({ productCode: game.productCode, value: game.value, name: game.name });
    void navigate(`/play?${query}`);
  };
  return (
    <section className="home-section" aria-labelledby={`${id}-title`}>
      <div className="home-section-head">
        <h2 id={`${id}-title`} className="home-section-title">
          {title}
        </h2>
        {seeAll ? (
          <Link to="/gg" className="home-section-link">
            {t('slotRows.seeAll')}
          </Link>
        ) : null}
      </div>
      <ul className="slot-row" aria-labelledby={`${id}-title`}>
        {games.map((game) => (
          <li key={`${game.productCode}-${game.value}`}>
            <Button variant="bare" className="slot-row-card" onClick={() => open(game)}>
              <img src={game.icon} alt="" width={72} height={72} loading="lazy" onError={showFallbackArt} />
              <span className="slot-row-name">{game.name}</span>
              {game.stop ? <span className="game-soon">{t('games.soon')}</span> : null}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

// A phone's first screen shows about four tiles of a row.
const skeletonTiles = ['a', 'b', 'c', 'd', 'e'] as const;

/** The row's place while the list loads, so nothing below moves when the tiles arrive. */
function SlotRowSkeleton({ title }: { title: string }) {
  return (
    <section className="home-section" aria-hidden="true">
      <div className="home-section-head">
        <h2 className="home-section-title">{title}</h2>
      </div>
      <div className="slot-row">
        {skeletonTiles.map((tile) => (
          <span key={tile} className="slot-row-card">
            <span className="slot-row-skeleton" />
          </span>
        ))}
      </div>
    </section>
  );
}
