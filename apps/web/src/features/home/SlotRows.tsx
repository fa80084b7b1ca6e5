import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GameRow } from '../../components/lobby/GameRow';
import type { Badges } from '../../components/lobby/lobby-api';
import { useHotSlots } from './api/slots';

/** The slots everyone played most this week ("hot", for a guest too; decision 0034), with a link to all games. */
export function SlotRows({ badges }: { badges: Badges }) {
  const { t } = useTranslation('home');
  const hot = useHotSlots();
  if (hot.isPending) return <SlotRowSkeleton title={t('slotRows.hot')} />;
  const games = hot.data?.records ?? [];
  if (games.length === 0) return null;
  return (
    <GameRow
      id="home-hot-slots"
      title={t('slotRows.hot')}
      games={games}
      badges={badges}
      action={
        <Link to="/gg" className="home-section-link">
          {t('slotRows.seeAll')}
        </Link>
      }
    />
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
      <div className="lobby-row">
        {skeletonTiles.map((tile) => (
          <span key={tile} className="lobby-art game-card-skeleton" />
        ))}
      </div>
    </section>
  );
}
