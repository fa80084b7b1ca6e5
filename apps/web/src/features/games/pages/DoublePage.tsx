import { type DoubleColor, doubleColor } from '@aposta/fair';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../components/page-props';
import { Button } from '../../../components/ui/Button';
import { useActionKey } from '../../../lib/idempotency-key';
import { placeDoubleBet } from '../api/double-bet';
import { doubleStateQueryKey, useDoubleState } from '../api/double-state';
import { applyBalances, refreshBets } from '../api/settle';
import { BetHistory } from '../components/BetHistory';
import { ColorPicker } from '../components/ColorPicker';
import {
  DoubleBetsColumns,
  DoubleHistory,
  type MyBet,
  MyDoubleBets,
} from '../components/double/DoubleBoardParts';
import { useDoubleEvents, useDoubleSpin } from '../components/double/useDoubleRound';
import { GameLayout, GameSection } from '../components/GameLayout';
import { RoundFairnessPanel } from '../components/RoundFairnessPanel';
import { useStaleRoundRefetch } from '../components/round-sync';
import { StakeField } from '../components/StakeField';
import { WheelStrip } from '../components/WheelStrip';
import { decimalSeparator } from '../format';
import { gamesNamespace } from '../games-i18n';
import { useAmount, useLocale, useNow } from '../hooks';
import { bettingProgress, doubleBettingOpen, formatTenths, remainingMs } from '../logic/countdown';
import { doubleChainRound } from '../logic/verifier';

/** The server's betting window (15 s); only for the progress bar. */
const bettingMs = 15_000;

/** /double: one shared round every 30 s; bet during betting, the strip lands on the chain's roll. */
export default function DoublePage({ titleKey }: PageProps) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  const amount = useAmount();
  const { data: state, dataUpdatedAt } = useDoubleState();
  const now = useNow(200);
  const [color, setColor] = useState<DoubleColor>('red');
  const { spin, spinMsMax } = useDoubleSpin(state);
  const [landedRound, setLandedRound] = useState<number | undefined>(undefined);
  const [myBets, setMyBets] = useState<MyBet[]>([]);

  useDoubleEvents();
  useStaleRoundRefetch(doubleStateQueryKey, state?.endsAt, dataUpdatedAt);

  const betKeys = useActionKey();
  const bet = useMutation({
    mutationFn: (input: Parameters<typeof placeDoubleBet>[0]) => placeDoubleBet(input, betKeys.keyFor(input)),
    onSuccess(answer, input) {
      betKeys.settle();
      applyBalances(answer);
      refreshBets('double');
      setMyBets((list) => [
        ...list.filter((item) => item.roundId >= answer.roundId),
        {
          betId: answer.betId,
          roundId: answer.roundId,
          color: input.color,
          amount: Number(input.amount),
        },
      ]);
    },
  });

  const open = state ? doubleBettingOpen(state.phase, state.endsAt, now) : false;
  const canBet = Boolean(state && open && amount.apiAmount && !bet.isPending);
  const place = () => {
    if (!state || !canBet || !amount.apiAmount) return;
    bet.mutate({ roundId: state.roundId, amount: amount.apiAmount, color });
  };
  const latest = state?.history[0];
  const restingRoll = latest?.roll;
  const showResult = state && state.roll !== undefined && landedRound === state.roundId;
  const mine = myBets.filter((item) => item.roundId === state?.roundId);

  let status: string;
  if (!state) status = t('double.loading');
  else if (open)
    status = t('double.bettingCloses', {
      seconds: formatTenths(remainingMs(state.endsAt, now)).replace('.', decimalSeparator(locale)),
    });
  else if (showResult && state.roll !== undefined)
    status = t('double.landed', { roll: state.roll, color: t(`picks.${doubleColor(state.roll)}`) });
  else status = t('double.spinning');

  return (
    <GameLayout title={t(`common:pages.${titleKey}`)} rtp="double">
      <section className="game-board" aria-label={t('board')}>
        <WheelStrip
          spin={spin}
          restingRoll={restingRoll}
          durationMs={spin?.durationMs ?? spinMsMax}
          onLanded={(landed) => setLandedRound(Number(landed.key))}
        />
        <output className="round-status" aria-label={t('double.status')}>
          {status}
        </output>
        <div className="progress" aria-hidden="true">
          <span
            className="progress-bar"
            style={{ width: `${state && open ? bettingProgress(state.endsAt, now, bettingMs) * 100 : 0}%` }}
          />
        </div>
        <p className="round-meta">{state ? t('double.round', { round: state.roundId }) : '\u00a0'}</p>
        <DoubleHistory history={state?.history ?? []} />
      </section>

      <section className="bet-panel" aria-label={t('betPanel')}>
        <ColorPicker value={color} onChange={setColor} disabled={bet.isPending} />
        <StakeField amount={amount} disabled={bet.isPending} />
        <Button
          variant="primary"
          block
          className="btn-bet"
          disabled={!canBet}
          busy={bet.isPending}
          busyLabel={t('actions.betting')}
          onClick={place}
        >
          {open ? t('double.placeBet', { color: t(`picks.${color}`) }) : t('double.waitNextRound')}
        </Button>
        <MyDoubleBets mine={mine} />
      </section>

      <DoubleBetsColumns bets={state?.bets ?? []} />
      <RoundFairnessPanel
        game="double"
        chain={state?.chain}
        lastRound={latest ? { roundId: latest.roundId, round: doubleChainRound(latest.roundId) } : undefined}
      />
      <BetHistory game="double" />
      <GameSection title={t('rules.title')}>
        <p className="rules-text">{t('double.roundRules')}</p>
      </GameSection>
    </GameLayout>
  );
}
