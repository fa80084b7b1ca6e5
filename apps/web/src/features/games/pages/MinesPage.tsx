import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../components/page-props';
import { Button } from '../../../components/ui/Button';
import { BetHistory } from '../components/BetHistory';
import { FairnessPanel } from '../components/FairnessPanel';
import { GameLayout, GameSection } from '../components/GameLayout';
import { MinesBoard, MinesLadder } from '../components/mines/MinesBoard';
import { useMinesGame } from '../components/mines/useMinesGame';
import { StakeField } from '../components/StakeField';
import { money } from '../format';
import { gamesNamespace } from '../games-i18n';
import { useAmount, useLocale } from '../hooks';
import { minesCurrentQuote, minesNextQuote, payoutCents } from '../logic/paytables';

const mineCounts = Array.from({ length: 24 }, (_, index) => index + 1);

/** /mines: 5×5 tiles, 1–24 mines; each safe tile raises the multiplier; a mine loses the stake. */
export default function MinesPage({ titleKey }: PageProps) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  const amount = useAmount();
  const minesId = useId();
  const [mineCount, setMineCount] = useState(3);
  const { game, active, start, reveal, cashOut } = useMinesGame(setMineCount);

  const open = game?.state === 'open';
  // Until the open-game lookup answers, a new game could collide with one being resumed (409).
  const busy = active.isPending || start.isPending || reveal.isPending || cashOut.isPending;
  const shownMines = open && game ? game.mines : mineCount;
  const revealedCount = open && game ? game.revealed.length : 0;
  const current = game && open ? minesCurrentQuote(game.mines, game.revealed.length) : undefined;
  const next = minesNextQuote(shownMines, revealedCount);
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
      <MinesBoard
        game={game}
        open={open}
        busy={busy}
        current={current}
        next={next}
        shownMines={shownMines}
        revealedCount={revealedCount}
        onTile={onTile}
      />

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

      <MinesLadder game={game} open={open} shownMines={shownMines} stakeCents={stakeCents} />
      <FairnessPanel game="mines" rotateBlocked={open} />
      <BetHistory game="mines" />
      <GameSection title={t('rules.title')}>
        <p className="rules-text">{t('mines.rules')}</p>
      </GameSection>
    </GameLayout>
  );
}
