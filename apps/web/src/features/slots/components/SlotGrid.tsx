import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Badges } from '../../../components/lobby/lobby-api';
import { Button } from '../../../components/ui/Button';
import { openOverlay } from '../../../lib/overlays';
import { useToken } from '../../../lib/token';
import { showAlert } from '../../../lib/ui';
import type { GameListRecord } from '../api/game-list';
import { formatRtp, gameLink } from '../slot-links';
import { slotsNamespace } from '../slots-i18n';

/**
 * A grid of games: the art (the house games' too, drawn by scripts/make-house-art.ts), the name, the RTP and the
 * lobby's badges (new; hot: the operator's mark or this week's most played); 'Em Breve...' for a stopped one.
 */
export function SlotGrid({
  games,
  label,
  badges,
}: {
  games: readonly GameListRecord[];
  label: string;
  badges?: Badges;
}) {
  const { t, i18n } = useTranslation([slotsNamespace, 'home']);
  const navigate = useNavigate();
  const token = useToken((state) => state.token);
  const open = (game: GameListRecord) => {
    if (game.stop) return void showAlert(t('common:messages.comingSoon'));
    if (!token) return openOverlay('login');
    void navigate(gameLink('/play', game));
  };
  return (
    <ul className="slot-grid" aria-label={label}>
      {games.map((game) => (
        <li key={`${game.productCode}-${game.value}`} className="slot-item">
          <Button variant="bare" className="slot-card" onClick={() => open(game)}>
            <img className="slot-art" src={game.icon} alt="" width={96} height={96} loading="lazy" />
            <span className="slot-name">{game.name}</span>
            {game.rtp !== null ? (
              <span className="slot-rtp">{t('slots.rtp', { rtp: formatRtp(game.rtp, i18n.language) })}</span>
            ) : null}
            {badges?.isNew(game.value) ? (
              <span className="slot-hot slot-new">{t('home:lobby.new')}</span>
            ) : game.hot || badges?.isHot(game.value) ? (
              <span className="slot-hot">{t('home:lobby.hot')}</span>
            ) : null}
            {game.stop ? <span className="slot-soon">{t('common:messages.comingSoon')}</span> : null}
          </Button>
          {game.gameType === 'SLOT' ? (
            <Button
              variant="bare"
              className="slot-info"
              aria-label={t('slots.infoFor', { name: game.name })}
              onClick={() => void navigate(gameLink('/gameMess', game))}
            >
              i
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
