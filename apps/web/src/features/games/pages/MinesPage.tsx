import { MINES_TILE_COUNT } from '@aposta/fair';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../components/page-props';
import { Button } from '../../../components/ui/Button';
import { formatMultiplier } from '../../../lib/format';
import { useActionKey } from '../../../lib/idempotency-key';
import { queryClient } from '../../../lib/query-client';
import { activeMinesQueryKey, activeMinesQueryOptions } from '../api/mines-active';
import { cashOutMines } from '../api/mines-cashout';
import { revealMinesTile } from '../api/mines-reveal';
import { startMinesGame } from '../api/mines-start';
import { advanceSeeds, applyBalances, refreshBets } from '../api/settle';
import { BetHistory } from '../components/BetHistory';
import { FairnessPanel } from '../components/FairnessPanel';
import { GameLayout, GameSection } from '../components/GameLayout';
import { StakeField } from '../components/StakeField';
import { money, percentLabel } from '../format';
import { gamesNamespace } from '../games-i18n';
import { useAmount, useLocale } from '../hooks';
import { reaisToCents } from '../logic/amount';
import {
  minesCurrentQuote,
  minesLadder,
  minesNextQuote,
  minesNextSafePercent,
  payoutCents,
} from '../logic/paytables';

interface MinesGame {
  gameId: number;
  mines: number;
  amountCents: number;
  revealed: number[];
  state: 'open' | 'busted' | 'cashed';
  /** Shown once the game is over. */
  mineTiles?: number[];
  /** The mine that ended the game. */
  hit?: number;
  payout?: number;
}

const tiles = Array.from({ length: MINES_TILE_COUNT }, (_, tile) => tile);
const mineCounts = Array.from({ length: 24 }, (_, index) => index + 1);

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

/** /mines: 5×5 tiles, 1–24 mines; each safe tile raises the multiplier; a mine loses the stake. */
export default function MinesPage({ titleKey }: PageProps) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  const amount = useAmount();
  const minesId = useId();
  const [mineCount, setMineCount] = useState(3);
  const [game, setGame] = useState<MinesGame | undefined>(undefined);
  const active = useQuery(activeMinesQueryOptions);

  // Resume the open game after a reload (GET /api/app/game/mines/active).
  useEffect(() => {
    const open = active.data;
    if (!open) return;
    setGame((current) =>
      current?.gameId === open.gameId
        ? current
        : {
            gameId: open.gameId,
            mines: open.mines,
            amountCents: reaisToCents(open.amount),
            revealed: open.revealed,
            state: 'open',
          },
    );
    setMineCount(open.mines);
  }, [active.data]);

  const forgetActive = () => queryClient.setQueryData(activeMinesQueryKey, null);

  const startKeys = useActionKey();
  const revealKeys = useActionKey();
  const cashOutKeys = useActionKey();
  const start = useMutation({
    mutationFn: (input: Parameters<typeof startMinesGame>[0]) =>
      startMinesGame(input, startKeys.keyFor(input)),
    onSuccess(answer, input) {
      startKeys.settle();
      applyBalances(answer);
      advanceSeeds(answer);
      refreshBets('mines');
      setGame({
        gameId: answer.gameId,
        mines: answer.mines,
        amountCents: reaisToCents(Number(input.amount)),
        revealed: [],
        state: 'open',
      });
    },
  });
  const reveal = useMutation({
    mutationFn: (input: Parameters<typeof revealMinesTile>[0]) =>
      revealMinesTile(input, revealKeys.keyFor(input)),
    onSuccess(answer) {
      revealKeys.settle();
      applyBalances(answer);
      setGame((current) => {
        if (!current) return current;
        if (!answer.finished) return { ...current, revealed: answer.revealed };
        return {
          ...current,
          revealed: answer.safe ? answer.revealed : answer.revealed.filter((tile) => tile !== answer.tile),
          state: answer.safe ? 'cashed' : 'busted',
          mineTiles: answer.mineTiles ?? [],
          hit: answer.safe ? undefined : answer.tile,
          payout: answer.payout,
        };
      });
      if (answer.finished) {
        forgetActive();
        refreshBets('mines');
      }
    },
  });
  const cashOut = useMutation({
    mutationFn: (gameId: number) => cashOutMines(gameId, cashOutKeys.keyFor({ gameId })),
    onSuccess(answer) {
      cashOutKeys.settle();
      applyBalances(answer);
      forgetActive();
      refreshBets('mines');
      setGame((current) =>
        current
          ? { ...current, state: 'cashed', mineTiles: answer.mineTiles, payout: answer.payout }
          : current,
      );
    },
  });

  const open = game?.state === 'open';
  // Until the open-game lookup answers, a new game could collide with one being resumed (409).
  const busy = active.isPending || start.isPending || reveal.isPending || cashOut.isPending;
  const shownMines = open && game ? game.mines : mineCount;
  const revealedCount = open && game ? game.revealed.length : 0;
  const current = game && open ? minesCurrentQuote(game.mines, game.revealed.length) : undefined;
  const next = minesNextQuote(shownMines, revealedCount);
  const ladder = minesLadder(shownMines);
  const stakeCents = open && game ? game.amountCents : amount.cents;

  const onTile = (tile: number) => {
    if (!game || !open || busy || game.revealed.includes(tile)) return;
    reveal.mutate({ gameId: game.gameId, tile });
  };
  const begin = () => {
    if (busy || open || !amount.apiAmount) return;
    start.mutate({ amount: amount.apiAmount, mines: mineCount });
  };

  return (
    <GameLayout title={t(`common:pages.${titleKey}`)} rtp="mines">
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
            const state = tileState(game, tile);
            return (
              <button
                key={tile}
                type="button"
                className={`mines-tile state-${state}`}
                disabled={!open || busy || state !== 'closed'}
                aria-label={t(`mines.tile.${state}`, { number: tile + 1 })}
                onClick={() => onTile(tile)}
              >
                {state === 'gem' || state === 'gemLate' ? <span className="tile-gem" /> : null}
                {state === 'mine' || state === 'mineHit' ? <span className="tile-mine" /> : null}
              </button>
            );
          })}
        </fieldset>
        <output className="round-status" aria-label={t('mines.result')} aria-live="polite">
          {!game
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

      <section className="bet-panel" aria-label={t('betPanel')}>
        {open && game ? (
          <>
            <p className="payout-line">
              {t('mines.stake')} <strong>{money(game.amountCents / 100, locale)}</strong> ·{' '}
              {t('mines.minesCount', { mines: game.mines })}
            </p>
            <Button
              variant="gold"
              block
              className={current ? 'btn-bet' : 'btn-bet btn-bet-hint'}
              disabled={busy || !current}
              busy={cashOut.isPending}
              onClick={() => cashOut.mutate(game.gameId)}
            >
              {current
                ? t('mines.cashOut', {
                    amount: money(payoutCents(game.amountCents, current.multiplier) / 100, locale),
                  })
                : t('mines.cashOutLater')}
            </Button>
          </>
        ) : (
          <>
            <div className="field">
              <label className="field-label" htmlFor={minesId}>
                {t('mines.mineCount')}
              </label>
              <select
                id={minesId}
                className="input"
                value={mineCount}
                disabled={busy}
                onChange={(event) => setMineCount(Number(event.target.value))}
              >
                {mineCounts.map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </select>
            </div>
            <StakeField amount={amount} disabled={busy} />
            <Button
              variant="primary"
              block
              className="btn-bet"
              disabled={busy || !amount.apiAmount}
              busy={start.isPending}
              busyLabel={t('actions.betting')}
              onClick={begin}
            >
              {t('mines.start')}
            </Button>
          </>
        )}
      </section>

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
      <FairnessPanel game="mines" rotateBlocked={open} />
      <BetHistory game="mines" />
      <GameSection title={t('rules.title')}>
        <p className="rules-text">{t('mines.rules')}</p>
      </GameSection>
    </GameLayout>
  );
}
