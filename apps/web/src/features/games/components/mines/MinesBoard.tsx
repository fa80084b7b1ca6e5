import { MINES_TILE_COUNT } from '@aposta/fair';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/Button';
import { formatMultiplier } from '../../../../lib/format';
import { money, percentLabel } from '../../format';
import { gamesNamespace } from '../../games-i18n';
import { useLocale } from '../../hooks';
import {
  type minesCurrentQuote,
  minesLadder,
  minesNextSafePercent,
  payoutCents,
} from '../../logic/paytables';
import { GameSection } from '../GameLayout';
import type { MinesGame } from './useMinesGame';

const tiles = Array.from({ length: MINES_TILE_COUNT }, (_, tile) => tile);

function tileState(
  game: MinesGame | undefined,
  tile: number,
): 'closed' | 'gem' | 'mine' | 'mineHit' | 'gemLate' {
  if (!game) return 'closed';
  const isMine = game.mineTiles?.includes(tile) ?? false;
  if (game.hit === tile) return 'mineHit';
  if (game.revealed.includes(tile)) return 'gem';
  if (game.state === 'open') return 'closed';
  return isMine ? 'mine' : 'gemLate';
}

type Quote = ReturnType<typeof minesCurrentQuote>;

/**
 * The multipliers, the 5×5 grid and the game's result. A tile is a raw button, not the shared Button:
 * it is a board cell with its own look and per-state label.
 */
export function MinesBoard({
  game,
  open,
  busy,
  current,
  next,
  shownMines,
  revealedCount,
  onTile,
  picked,
  picking = false,
}: {
  game: MinesGame | undefined;
  open: boolean;
  busy: boolean;
  current: Quote | undefined;
  next: Quote | undefined;
  shownMines: number;
  revealedCount: number;
  onTile(tile: number): void;
  /** Auto-bet: the tiles each game of the series reveals, in order. */
  picked?: readonly number[];
  /** Auto-bet, before the series: a tap picks or un-picks a tile. */
  picking?: boolean;
}) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  return (
    <section className="game-board" aria-label={t('board')}>
      <div className="mines-status">
        <div className="stat">
          <span className="stat-label">{t('mines.current')}</span>
          <output className="stat-value" aria-label={t('mines.current')}>
            {current ? formatMultiplier(current.multiplierText, locale) : '-'}
          </output>
        </div>
        <div className="stat">
          <span className="stat-label">{t('mines.next')}</span>
          <output className="stat-value" aria-label={t('mines.next')}>
            {next ? formatMultiplier(next.multiplierText, locale) : '-'}
          </output>
        </div>
        <div className="stat">
          <span className="stat-label">{t('mines.safeChance')}</span>
          <output className="stat-value">
            {next ? percentLabel(minesNextSafePercent(shownMines, revealedCount), locale) : '-'}
          </output>
        </div>
      </div>
      <fieldset className="mines-grid">
        <legend className="visually-hidden">{t('mines.grid')}</legend>
        {tiles.map((tile) => {
          // Picking keeps the last game's result on the board (as Stake does), the picks outlined over it.
          const state = picking && game?.state === 'open' ? 'closed' : tileState(game, tile);
          const isPicked = picked?.includes(tile) ?? false;
          return (
            <Button
              variant="bare"
              key={tile}
              className={`mines-tile state-${state}${isPicked ? ' picked' : ''}`}
              disabled={picking ? false : !open || busy || state !== 'closed'}
              aria-pressed={picking ? isPicked : undefined}
              aria-label={t(isPicked && state === 'closed' ? 'mines.tile.picked' : `mines.tile.${state}`, {
                number: tile + 1,
              })}
              onClick={() => onTile(tile)}
            >
              {state === 'gem' || state === 'gemLate' ? <span className="tile-gem" /> : null}
              {state === 'mine' || state === 'mineHit' ? <span className="tile-mine" /> : null}
            </Button>
          );
        })}
      </fieldset>
      <output className="round-status" aria-label={t('mines.result')} aria-live="polite">
        {picking
          ? t('mines.autoPicked', { count: picked?.length ?? 0 })
          : !game
            ? t('mines.hint')
            : game.state === 'open'
              ? game.revealed.length === 0
                ? t('mines.pickTile')
                : t('mines.keepGoing')
              : game.state === 'busted'
                ? t('mines.busted')
                : t('result.won', { amount: money(game.payout ?? 0, locale) })}
      </output>
    </section>
  );
}

/** The payout for each number of safe tiles, with the steps this game has reached. */
export function MinesLadder({
  game,
  open,
  shownMines,
  stakeCents,
}: {
  game: MinesGame | undefined;
  open: boolean;
  shownMines: number;
  stakeCents: number | undefined;
}) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  const ladder = minesLadder(shownMines);
  return (
    <GameSection title={t('paytable.title')}>
      <p className="rules-text">{t('mines.ladderIntro', { mines: shownMines })}</p>
      <ol className="ladder" aria-label={t('paytable.title')}>
        {ladder.map((step) => {
          const reached = open && game ? step.safeTileCount <= game.revealed.length : false;
          return (
            <li key={step.safeTileCount} className={reached ? 'ladder-step reached' : 'ladder-step'}>
              <span className="ladder-count">{step.safeTileCount}</span>
              <span className="ladder-multiplier">{formatMultiplier(step.multiplierText, locale)}</span>
              {stakeCents !== undefined ? (
                <span className="ladder-payout">
                  {money(payoutCents(stakeCents, step.multiplier) / 100, locale)}
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </GameSection>
  );
}
