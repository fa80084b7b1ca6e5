import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../components/page-props';
import { Button } from '../../../components/ui/Button';
import { BetAction, type BetMode, BetModeTabs } from '../components/AutoBetPanel';
import { BetHistory } from '../components/BetHistory';
import { FairnessPanel } from '../components/FairnessPanel';
import { GameLayout, GameSection } from '../components/GameLayout';
import { MinesBoard, MinesLadder } from '../components/mines/MinesBoard';
import { useMinesAutoBet } from '../components/mines/useMinesAutoBet';
import { useMinesGame } from '../components/mines/useMinesGame';
import { StakeField } from '../components/StakeField';
import { money } from '../format';
import { gamesNamespace } from '../games-i18n';
import { useAmount, useLocale } from '../hooks';
import { patternFits } from '../logic/mines-autobet';
import { minesCurrentQuote, minesNextQuote, payoutCents } from '../logic/paytables';

const mineCounts = Array.from({ length: 24 }, (_, index) => index + 1);

/** How many mines the next game hides (1 to 24). */
function MineCountField({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange(count: number): void;
  disabled: boolean;
}) {
  const { t } = useTranslation(gamesNamespace);
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t('mines.mineCount')}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {mineCounts.map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
    </div>
  );
}

/** /mines: 5×5 tiles, 1–24 mines; each safe tile raises the multiplier; a mine loses the stake. */
export default function MinesPage({ titleKey }: PageProps) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  const amount = useAmount();
  const [mineCount, setMineCount] = useState(3);
  const { game, setGame, active, start, reveal, cashOut } = useMinesGame(setMineCount);
  const [mode, setMode] = useState<BetMode>('manual');
  const { auto, pattern, pick } = useMinesAutoBet(mineCount, setGame);

  // A game of the auto-bet series is played by the series, not by the manual controls.
  const open = game?.state === 'open' && !auto.running;
  // Until the open-game lookup answers, a new game could collide with one being resumed (409).
  const busy = active.isPending || start.isPending || reveal.isPending || cashOut.isPending || auto.running;
  const picking = mode === 'auto' && !auto.running && !open;
  const shownMines = open && game ? game.mines : mineCount;
  const revealedCount = open && game ? game.revealed.length : 0;
  const current = game && open ? minesCurrentQuote(game.mines, game.revealed.length) : undefined;
  const next = minesNextQuote(shownMines, revealedCount);
  const stakeCents = open && game ? game.amountCents : amount.cents;

  const onTile = (tile: number) => {
    if (picking) return pick(tile);
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
        picked={mode === 'auto' ? pattern : undefined}
        picking={picking}
      />

      <section className="bet-panel" aria-label={t('betPanel')}>
        <BetModeTabs mode={mode} onChange={setMode} disabled={auto.running || open} />
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
            <MineCountField value={mineCount} onChange={setMineCount} disabled={busy} />
            <StakeField amount={amount} disabled={busy} />
            {mode === 'auto' && !patternFits(pattern, mineCount) ? (
              <p className="field-hint">{t('mines.autoPick', { max: 25 - mineCount })}</p>
            ) : null}
            <BetAction
              mode={mode}
              auto={auto}
              amount={amount}
              ready={Boolean(amount.apiAmount) && !open && patternFits(pattern, mineCount)}
            >
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
            </BetAction>
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
