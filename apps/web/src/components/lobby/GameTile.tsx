import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openOverlay } from '../../lib/overlays';
import { useToken } from '../../lib/token';
import { showAlert } from '../../lib/ui';
import { Button } from '../ui/Button';
import { type Badges, gamePath } from './lobby-api';
import './lobby.css';

/** What a tile shows of a game (a catalogue row: in-house or a provider's slot). */
export interface TileGame {
  value: string;
  productCode: string;
  gameType: string;
  name: string;
  icon: string;
  stop: boolean;
}

/** The art of a game the catalogue lists without its own file (a provider's new game): never a broken tile. */
const fallbackArt = '/slots/slot-default.svg';

function showFallbackArt(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (!image.src.endsWith(fallbackArt)) image.src = fallbackArt;
}

/** Opens a game: 'Em Breve...' when stopped, the login for a guest, else the game's page. */
export function useOpenGame() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const token = useToken((state) => state.token);
  return (game: TileGame) => {
    if (game.stop) return void showAlert(t('common:messages.comingSoon'));
    if (!token) return openOverlay('login');
    void navigate(gamePath(game));
  };
}

/**
 * A lobby tile (issue 34): the game's art with its badges (new, hot, coming soon) and its name. `eager` for the
 * tiles of the first screen, so their art is not held back by lazy loading.
 */
export function GameTile({
  game,
  badges,
  onOpen,
  eager = false,
}: {
  game: TileGame;
  badges: Badges;
  onOpen(game: TileGame): void;
  eager?: boolean;
}) {
  const { t } = useTranslation('home');
  const fresh = badges.isNew(game.value);
  const hot = !fresh && badges.isHot(game.value);
  const badge = game.stop ? t('games.soon') : fresh ? t('lobby.new') : hot ? t('lobby.hot') : null;
  // The name first, then the badge ("Mines, Em breve"): what a screen reader says and what a search by name finds.
  return (
    <Button
      variant="bare"
      className="lobby-tile"
      aria-label={badge ? `${game.name}, ${badge}` : game.name}
      onClick={() => onOpen(game)}
    >
      <span className="lobby-art">
        <img
          src={game.icon || fallbackArt}
          alt=""
          width={120}
          height={120}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={showFallbackArt}
        />
        {badge ? (
          <span className={`lobby-badge lobby-badge-${game.stop ? 'soon' : fresh ? 'new' : 'hot'}`}>
            {badge}
          </span>
        ) : null}
      </span>
      <span className="lobby-name">{game.name}</span>
    </Button>
  );
}
