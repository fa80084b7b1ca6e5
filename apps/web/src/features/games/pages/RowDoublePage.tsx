import type { DoubleColor } from '@aposta/fair';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../components/page-props';
import { Button } from '../../../components/ui/Button';
import { holdBalance } from '../../../lib/balance-hold';
import { useActionKey } from '../../../lib/idempotency-key';
import { placeRowDoubleBet, type RowDoubleBetAnswer } from '../api/row-double-bet';
import { advanceSeeds, applyBalances, refreshBets } from '../api/settle';
import { BetHistory } from '../components/BetHistory';
import { ColorPicker, RollDot } from '../components/ColorPicker';
import { FairnessPanel } from '../components/FairnessPanel';
import { GameLayout, GameSection } from '../components/GameLayout';
import { StakeField } from '../components/StakeField';
import { type Spin, WheelStrip } from '../components/WheelStrip';
import { money } from '../format';
import { gamesNamespace } from '../games-i18n';
import { useAmount, useLocale } from '../hooks';
import { doubleQuote, payoutCents } from '../logic/paytables';

const spinMs = 1600;
const recentMax = 12;

/** /rowDouble: the player's own instant spin of the double wheel (red 2×, black 2×, white 14×). */
export default function RowDoublePage({ titleKey }: PageProps) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  const amount = useAmount();
  const [color, setColor] = useState<DoubleColor>('red');
  const [spin, setSpin] = useState<Spin | undefined>(undefined);
  const [last, setLast] = useState<RowDoubleBetAnswer | undefined>(undefined);
  const [shown, setShown] = useState<RowDoubleBetAnswer | undefined>(undefined);
  const [recent, setRecent] = useState<RowDoubleBetAnswer[]>([]);

  // The result stays secret until the wheel stops: the header balance is held and the history waits.
  const releaseBalance = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => releaseBalance.current?.(), []);
  const betKeys = useActionKey();
  const bet = useMutation({
    mutationFn: (input: Parameters<typeof placeRowDoubleBet>[0]) => {
      releaseBalance.current?.();
      releaseBalance.current = holdBalance();
      return placeRowDoubleBet(input, betKeys.keyFor(input));
    },
    onSuccess(answer) {
      betKeys.settle();
      applyBalances(answer);
      advanceSeeds(answer);
      setLast(answer);
      setShown(undefined);
      setSpin({ key: answer.betId, roll: answer.roll });
    },
    onError() {
      releaseBalance.current?.();
    },
  });
  const landed = () => {
    if (!last) return;
    setShown(last);
    setRecent((list) => [last, ...list].slice(0, recentMax));
    releaseBalance.current?.();
    refreshBets('rowDouble');
  };
  const quote = doubleQuote(color);
  const spinning = Boolean(last && !shown);
  const canBet = Boolean(amount.apiAmount && !bet.isPending && !spinning);
  const place = () => {
    if (!canBet || !amount.apiAmount) return;
    bet.mutate({ amount: amount.apiAmount, color });
  };

  return (
    <GameLayout title={t(`common:pages.${titleKey}`)} rtp="rowDouble">
      <section className="game-board" aria-label={t('board')}>
        <WheelStrip spin={spin} restingRoll={undefined} durationMs={spinMs} onLanded={landed} />
        <output className="round-status" aria-label={t('double.result')}>
          {shown ? (
            <span className={shown.win ? 'win-text' : 'loss-text'}>
              {t('double.landed', { roll: shown.roll, color: t(`picks.${shown.color}`) })}
              {' · '}
              {shown.win ? t('result.won', { amount: money(shown.payout, locale) }) : t('result.lost')}
            </span>
          ) : bet.isPending || spinning ? (
            t('double.spinning')
          ) : (
            t('rowDouble.hint')
          )}
        </output>
        {recent.length > 0 ? (
          <ol className="roll-row" aria-label={t('double.lastResults')}>
            {recent.map((item) => (
              <li key={item.betId}>
                <RollDot roll={item.roll} color={item.color} label={t(`picks.${item.color}`)} />
              </li>
            ))}
          </ol>
        ) : null}
      </section>

      <section className="bet-panel" aria-label={t('betPanel')}>
        <ColorPicker value={color} onChange={setColor} disabled={bet.isPending} />
        <StakeField amount={amount} disabled={bet.isPending} />
        <p className="payout-line">
          {t('paytable.payoutOnWin')}{' '}
          <strong>
            {amount.cents !== undefined
              ? money(payoutCents(amount.cents, quote.multiplier) / 100, locale)
              : '-'}
          </strong>
        </p>
        <Button
          variant="primary"
          block
          className="btn-bet"
          disabled={!canBet}
          busy={bet.isPending}
          busyLabel={t('actions.betting')}
          onClick={place}
        >
          {t('rowDouble.spin', { color: t(`picks.${color}`) })}
        </Button>
      </section>

      <FairnessPanel game="rowDouble" />
      <BetHistory game="rowDouble" />
      <GameSection title={t('rules.title')}>
        <p className="rules-text">{t('double.rules')}</p>
      </GameSection>
    </GameLayout>
  );
}
