import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToken } from '../../lib/token';
import { GameTile, type TileGame, useOpenGame } from './GameTile';
import { type Badges, useRecentGames } from './lobby-api';

/** A titled row of game tiles that scrolls sideways (home's and /gg's rows). */
export function GameRow({
  id,
  title,
  games,
  badges,
  action,
}: {
  id: string;
  title: string;
  games: readonly TileGame[];
  badges: Badges;
  /** Beside the title: a "see all" link. */
  action?: ReactNode;
}) {
  const open = useOpenGame();
  return (
    <section className="home-section lobby-section" aria-labelledby={`${id}-title`}>
      <div className="home-section-head lobby-section-head">
        <h2 id={`${id}-title`} className="home-section-title lobby-section-title">
          {title}
        </h2>
        {action}
      </div>
      <ul className="lobby-row" aria-labelledby={`${id}-title`}>
        {games.map((game) => (
          <li key={`${game.productCode}-${game.value}`}>
            <GameTile game={game} badges={badges} onOpen={open} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "Jogados recentemente": a logged-in player's own games, in-house and slots (GET /api/app/games/recent), first on
 * the lobby as the big casinos show it; nothing for a guest or a player who has played nothing yet.
 */
export function RecentGamesRow({ id, badges }: { id: string; badges: Badges }) {
  const { t } = useTranslation('home');
  const token = useToken((state) => state.token);
  const recent = useRecentGames(token);
  const games = token ? (recent.data?.records ?? []) : [];
  if (games.length === 0) return null;
  return <GameRow id={id} title={t('slotRows.recent')} games={games} badges={badges} />;
}
