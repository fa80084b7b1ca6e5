import type { DiceDirection } from '@aposta/fair';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../components/page-props';
import { Button } from '../../../components/ui/Button';
import { formatMultiplier } from '../../../lib/format';
import { amountForApi } from '../../../lib/money-input';
import { autoDiceBet } from '../api/autobet';
import { type DiceBetAnswer, placeDiceBet } from '../api/dice-bet';
import { BetAction, BetModeTabs } from '../components/AutoBetPanel';
import { BetHistory } from '../components/BetHistory';
import { DiceResult, DiceTrack } from '../components/dice/DiceResult';
import { FairnessPanel } from '../components/FairnessPanel';
import { GameLayout, GameSection } from '../components/GameLayout';
import { StakeField } from '../components/StakeField';
import { useInstantBet } from '../components/useInstantBet';
import { WinPreview } from '../components/WinPreview';
import { decimalSeparator } from '../format';
import { gamesNamespace } from '../games-i18n';
import { useAmount, useLocale } from '../hooks';
import {
  clampDiceTarget,
  diceQuote,
  diceTargetRange,
  exceedsPayoutMax,
  flipDiceTarget,
  parseHundredths,
} from '../logic/paytables';

const targetText = (hundredths: number, separator: string) =>
  (hundredths / 100).toFixed(2).replace('.', separator);

/** /dice: roll 0.00–100.00, win under or over the target; the multiplier follows the chance. */
export default function DicePage({ titleKey }: PageProps) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  const separator = decimalSeparator(locale);
  const amount = useAmount();
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [target, setTarget] = useState(5000);
  const [targetDraft, setTargetDraft] = useState<string | undefined>(undefined);
  const [last, setLast] = useState<DiceBetAnswer | undefined>(undefined);
  const quote = diceQuote(target, direction);
  const range = diceTargetRange(direction);

  const { bet, mode, setMode, auto } = useInstantBet({
    game: 'dice',
    place: placeDiceBet,
    placeQuiet: autoDiceBet,
    bodyFor: (stakeCents) => ({ amount: amountForApi(BigInt(stakeCents)), target: target / 100, direction }),
    onAnswer: setLast,
  });

  const commitTarget = (text: string) => {
    const parsed = parseHundredths(text, 3);
    if (parsed !== undefined) setTarget(clampDiceTarget(parsed, direction));
    setTargetDraft(undefined);
  };
  const flip = () => {
    const next: DiceDirection = direction === 'under' ? 'over' : 'under';
    setDirection(next);
    setTarget(clampDiceTarget(flipDiceTarget(target), next));
  };

  const tooMuch = quote && amount.cents !== undefined && exceedsPayoutMax(amount.cents, quote.multiplier);
  const canBet = Boolean(quote && amount.apiAmount && !tooMuch && !bet.isPending && !auto.running);
  const place = () => {
    if (!canBet || !amount.apiAmount) return;
    bet.mutate({ amount: amount.apiAmount, target: target / 100, direction });
  };
  const targetPercent = target / 100;
  const winColor = 'var(--color-accent)';
  const loseColor = 'var(--color-danger)';
  const track =
    direction === 'under'
      ? `linear-gradient(90deg, ${winColor} ${targetPercent}%, ${loseColor} ${targetPercent}%)`
      : `linear-gradient(90deg, ${loseColor} ${targetPercent}%, ${winColor} ${targetPercent}%)`;

  return (
    <GameLayout title={t(`common:pages.${titleKey}`)} rtp="dice">
      <section className="game-board dice-board" aria-label={t('board')}>
        <DiceResult last={last} />
        <DiceTrack
          last={last}
          track={track}
          range={range}
          target={target}
          onTarget={(value) => auto.running || setTarget(clampDiceTarget(value, direction))}
        />
      </section>

      <section className="bet-panel" aria-label={t('betPanel')}>
        <BetModeTabs mode={mode} onChange={setMode} disabled={auto.running || bet.isPending} />
        <div className="stat-row">
          <div className="stat">
            <span className="stat-label">{t('paytable.multiplier')}</span>
            <output className="stat-value" aria-label={t('paytable.multiplier')}>
              {quote ? formatMultiplier(quote.multiplierText, locale) : '-'}
            </output>
          </div>
          <label className="stat">
            <span className="stat-label">
              {direction === 'under' ? t('dice.rollUnder') : t('dice.rollOver')}
            </span>
            <input
              className="stat-input"
              inputMode="decimal"
              maxLength={6}
              disabled={auto.running}
              value={targetDraft ?? targetText(target, separator)}
              onChange={(event) => setTargetDraft(event.target.value)}
              onBlur={(event) => commitTarget(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') commitTarget(event.currentTarget.value);
              }}
            />
          </label>
          <div className="stat">
            <span className="stat-label">{t('paytable.winChance')}</span>
            <output className="stat-value">
              {quote ? `${quote.chanceText.replace('.', separator)} %` : '-'}
            </output>
          </div>
        </div>
        <Button variant="ghost" block onClick={flip} disabled={auto.running}>
          {direction === 'under' ? t('dice.switchToOver') : t('dice.switchToUnder')}
        </Button>
        <StakeField amount={amount} disabled={bet.isPending || auto.running} />
        <WinPreview stakeCents={amount.cents} multiplier={quote?.multiplier} tooMuch={Boolean(tooMuch)} />
        <BetAction mode={mode} auto={auto} amount={amount} ready={Boolean(quote && !tooMuch)}>
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

      <FairnessPanel game="dice" />
      <BetHistory game="dice" />
      <GameSection title={t('rules.title')}>
        <p className="rules-text">{t('dice.rules')}</p>
      </GameSection>
    </GameLayout>
  );
}
