import { useTranslation } from 'react-i18next';
import { GameTile, useOpenGame } from '../../components/lobby/GameTile';
import type { Badges } from '../../components/lobby/lobby-api';
import { selfGames, useMainLists } from './api/main';

/** The in-house games (SELF of GET /api/app/main/main), Crash among them: their art, badges and names. */
export function GameList({ badges }: { badges: Badges }) {
  const { t } = useTranslation('home');
  const open = useOpenGame();
  const { data, isPending } = useMainLists();
  const games = selfGames(data);

  return (
    <section className="home-section" aria-labelledby="home-games-title">
      <h2 id="home-games-title" className="home-section-title">
        {t('games.title')}
      </h2>
      {games.length === 0 ? (
        isPending ? (
          <div className="lobby-grid" aria-hidden="true">
            {[0, 1, 2, 3, 4, 5].map((index) => (
              <span key={index} className="lobby-art game-card-skeleton" />
            ))}
          </div>
        ) : (
          <p className="home-empty">{t('games.empty')}</p>
        )
      ) : (
        <ul className="lobby-grid" aria-labelledby="home-games-title">
          {games.map((game) => (
            <li key={`${game.productCode}-${game.value}`}>
              <GameTile game={game} badges={badges} onOpen={open} eager />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
