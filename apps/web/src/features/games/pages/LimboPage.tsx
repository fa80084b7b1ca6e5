import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../components/page-props';
import { Button } from '../../../components/ui/Button';
import { formatMultiplier } from '../../../lib/format';
import { amountForApi } from '../../../lib/money-input';
import { autoLimboBet } from '../api/autobet';
import { type LimboBetAnswer, placeLimboBet } from '../api/limbo-bet';
import { BetAction, BetModeTabs } from '../components/AutoBetPanel';
import { BetHistory } from '../components/BetHistory';
import { useCountUp } from '../components/count-up';
import { FairnessPanel } from '../components/FairnessPanel';
import { GameLayout, GameSection } from '../components/GameLayout';
import { StakeField } from '../components/StakeField';
import { useInstantBet } from '../components/useInstantBet';
import { WinPreview } from '../components/WinPreview';
import { decimalSeparator, money, percentLabel } from '../format';
import { gamesNamespace } from '../games-i18n';
import { useAmount, useLocale } from '../hooks';
import { exceedsPayoutMax, limboQuote, parseLimboTarget } from '../logic/paytables';

const resultAnimationMs = 700;

/** /limbo: a multiplier is drawn; the bet wins when it reaches the target, and pays the target. */
export default function LimboPage({ titleKey }: PageProps) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  const separator = decimalSeparator(locale);
  const amount = useAmount();
  const [targetText, setTargetText] = useState(() => `2${separator}00`);
  const [last, setLast] = useState<LimboBetAnswer | undefined>(undefined);
  const target = parseLimboTarget(targetText);
  const quote = target === undefined ? undefined : limboQuote(target);
  const shown = useCountUp(last?.result, 1, resultAnimationMs, last?.betId);

  const { bet, mode, setMode, auto } = useInstantBet({
    game: 'limbo',
    place: placeLimboBet,
    placeQuiet: autoLimboBet,
    bodyFor: (stakeCents) => ({ amount: amountForApi(BigInt(stakeCents)), target: (target ?? 0) / 100 }),
    onAnswer: setLast,
  });

  const tooMuch = quote && amount.cents !== undefined && exceedsPayoutMax(amount.cents, quote.multiplier);
  const canBet = Boolean(
    quote && target !== undefined && amount.apiAmount && !tooMuch && !bet.isPending && !auto.running,
  );
  const place = () => {
    if (!canBet || !amount.apiAmount || target === undefined) return;
    bet.mutate({ amount: amount.apiAmount, target: target / 100 });
  };
  const settledShown = last && shown !== undefined && Math.abs(shown - last.result) < 1e-9;

  return (
    <GameLayout title={t(`common:pages.${titleKey}`)} rtp="limbo">
      <section className="game-board limbo-board" aria-label={t('board')}>
        <output className="limbo-result" aria-label={t('limbo.result')}>
          {last && shown !== undefined ? (
            <span className={settledShown ? (last.win ? 'win-text' : 'loss-text') : ''}>
              {formatMultiplier(Math.floor(shown * 100) / 100, locale)}
            </span>
          ) : (
            <span className="muted">{formatMultiplier(1, locale)}</span>
          )}
        </output>
        <p className="result-caption" aria-live="polite">
          {last
            ? last.win
              ? t('result.won', { amount: money(last.payout, locale) })
              : t('result.lost')
            : t('limbo.hint')}
        </p>
      </section>

      <section className="bet-panel" aria-label={t('betPanel')}>
        <BetModeTabs mode={mode} onChange={setMode} disabled={auto.running || bet.isPending} />
        <div className="stat-row stat-row-2">
          <label className="stat">
            <span className="stat-label">{t('limbo.target')}</span>
            <span className="stat-input-row">
              <input
                className="stat-input"
                inputMode="decimal"
                maxLength={10}
                value={targetText}
                disabled={auto.running}
                aria-invalid={target === undefined}
                onChange={(event) => setTargetText(event.target.value)}
              />
              <span className="stat-suffix" aria-hidden="true">
                ×
              </span>
            </span>
          </label>
          <div className="stat">
            <span className="stat-label">{t('paytable.winChance')}</span>
            <output className="stat-value">
              {quote ? percentLabel(quote.chancePercent, locale, 6) : '-'}
            </output>
          </div>
        </div>
        {target === undefined ? <p className="bet-hint">{t('limbo.targetRule')}</p> : null}
        <StakeField amount={amount} disabled={bet.isPending || auto.running} />
        <WinPreview
          stakeCents={amount.cents}
          multiplier={quote?.multiplier}
          tooMuch={Boolean(tooMuch)}
          lead={
            <>
              {t('limbo.pays', {
                multiplier: quote ? formatMultiplier(quote.multiplierText, locale) : '-',
              })}{' '}
            </>
          }
        />
        <BetAction
          mode={mode}
          auto={auto}
          amount={amount}
          ready={Boolean(quote && target !== undefined && !tooMuch)}
        >
          <Button
            variant="primary"
            block
            className="btn-bet"
            disabled={!canBet}
            busy={bet.isPending}
            busyLabel={t('actions.betting')}
            onClick={place}
          >
            {t('actions.bet')}
          </Button>
        </BetAction>
      </section>

      <FairnessPanel game="limbo" />
      <BetHistory game="limbo" />
      <GameSection title={t('rules.title')}>
        <p className="rules-text">{t('limbo.rules')}</p>
      </GameSection>
    </GameLayout>
  );
}
