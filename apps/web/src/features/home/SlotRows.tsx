import type { GameRecord } from '@aposta/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openOverlay } from '../../lib/overlays';
import { readRecentSlots } from '../../lib/recent-slots';
import { useToken } from '../../lib/token';
import { showAlert } from '../../lib/ui';
import { useMainLists } from './api/main';

const slotGroups = ['PG', 'EVO', 'BG'] as const;
const rowMax = 10;

interface SlotTile {
  productCode: string;
  value: string;
  name: string;
  icon: string;
  stop: boolean;
}

/** Home's slot rows: the hot provider games (main's `hot` list, slots only) and the ones played last here. */
export function SlotRows() {
  const { t } = useTranslation('home');
  const { data } = useMainLists();
  const [recent] = useState(readRecentSlots);
  const slots: GameRecord[] = data ? slotGroups.flatMap((group) => data[group].records) : [];
  const known = new Map(slots.map((game) => [`${game.productCode}:${game.value}`, game]));
  const hot = (data?.hot.records ?? []).filter((game) => game.gameType === 'SLOT').slice(0, rowMax);
  // A recent game the catalogue no longer lists (or now stops) is shown as the catalogue says.
  const recentTiles: SlotTile[] = recent
    .map((item) => {
      const game = known.get(`${item.productCode}:${item.value}`);
      return game ? { ...item, name: game.name, icon: game.icon, stop: game.stop } : undefined;
    })
    .filter((item): item is SlotTile => item !== undefined);
  return (
    <>
      {hot.length > 0 ? <SlotRow id="home-hot-slots" title={t('slotRows.hot')} games={hot} /> : null}
      {recentTiles.length > 0 ? (
        <SlotRow id="home-recent-slots" title={t('slotRows.recent')} games={recentTiles} />
      ) : null}
    </>
  );
}

function SlotRow({ id, title, games }: { id: string; title: string; games: readonly SlotTile[] }) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const token = useToken((state) => state.token);
  const open = (game: SlotTile) => {
    if (game.stop) return void showAlert(t('common:messages.comingSoon'));
    if (!token) return openOverlay('login');
    const query = new URLSearchParams({ productCode: game.productCode, value: game.value, name: game.name });
    void navigate(`/play?${query}`);
  };
  return (
    <section className="home-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="home-section-title">
        {title}
      </h2>
      <ul className="slot-row">
        {games.map((game) => (
          <li key={`${game.productCode}-${game.value}`}>
            <button type="button" className="slot-row-card" onClick={() => open(game)}>
              <img src={game.icon} alt="" width={72} height={72} loading="lazy" />
              <span>{game.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
