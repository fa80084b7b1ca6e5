import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GameArt } from '../../components/art/GameArt';
import { Button } from '../../components/ui/Button';
import { openOverlay } from '../../lib/overlays';
import { useToken } from '../../lib/token';
import { showAlert } from '../../lib/ui';
import { isStopped, type SelfGame, selfGames, useMainLists } from './api/main';

// A gameType names its route (/dice, /mines...); anything else is not a path to follow.
const routeName = /^[A-Za-z][A-Za-z0-9]{0,31}$/;

/** The game item travels as the query of its page (spec.md section 2). */
function gameQuery(game: SelfGame): string {
  const query = new URLSearchParams();
  query.set('value', String(game.value));
  query.set('productCode', game.productCode);
  query.set('gameType', game.gameType);
  query.set('name', game.name);
  return query.toString();
}

/** The in-house games (SELF) from GET /api/app/main/main. */
export function GameList() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const token = useToken((state) => state.token);
  const { data, isPending } = useMainLists();
  const games = selfGames(data);

  const open = (game: SelfGame) => {
    if (isStopped(game)) return void showAlert(t('common:messages.comingSoon'));
    if (!token) return openOverlay('login');
    if (!routeName.test(game.gameType)) return void showAlert(t('common:messages.comingSoon'));
    void navigate(`/${game.gameType}?${gameQuery(game)}`);
  };

  return (
    <section className="home-section" aria-labelledby="home-games-title">
      <h2 id="home-games-title" className="home-section-title">
        {t('games.title')}
      </h2>
      {games.length === 0 ? (
        isPending ? (
          <div className="game-grid" aria-hidden="true">
            {[0, 1, 2, 3, 4, 5].map((index) => (
              <span key={index} className="game-card game-card-skeleton" />
            ))}
          </div>
        ) : (
          <p className="home-empty">{t('games.empty')}</p>
        )
      ) : (
        <ul className="game-grid">
          {games.map((game) => (
            <li key={`${game.productCode}-${game.value}`}>
              <Button variant="bare" className="game-card" onClick={() => open(game)}>
                <span className="game-art">
                  <GameArt gameType={game.gameType} />
                </span>
                <span className="game-name">{game.name}</span>
                {isStopped(game) ? <span className="game-soon">{t('games.soon')}</span> : null}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
