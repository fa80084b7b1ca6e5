import { type DoubleColor, doubleColor } from '@aposta/fair';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageProps } from '../../../components/page-props';
import { Button } from '../../../components/ui/Button';
import { useGameEvent } from '../../../lib/game-events';
import { useActionKey } from '../../../lib/idempotency-key';
import { queryClient } from '../../../lib/query-client';
import { placeDoubleBet } from '../api/double-bet';
import { type DoubleState, doubleStateQueryKey, useDoubleState } from '../api/double-state';
import { applyBalances, refreshBets } from '../api/settle';
import { BetHistory } from '../components/BetHistory';
import { ColorPicker, RollDot } from '../components/ColorPicker';
import { GameLayout, GameSection } from '../components/GameLayout';
import { RoundFairnessPanel } from '../components/RoundFairnessPanel';
import { useStaleRoundRefetch } from '../components/round-sync';
import { StakeField } from '../components/StakeField';
import { type Spin, WheelStrip } from '../components/WheelStrip';
import { decimalSeparator, money } from '../format';
import { gamesNamespace } from '../games-i18n';
import { useAmount, useLocale, useNow } from '../hooks';
import { bettingProgress, doubleBettingOpen, formatTenths, remainingMs } from '../logic/countdown';
import { doubleColors } from '../logic/paytables';
import { readDoubleRoundEvent, readRoundBetEvent } from '../logic/round-events';
import { doubleChainRound, verifyHref } from '../logic/verifier';

/** The server's betting window (15 s); only for the progress bar. */
const bettingMs = 15_000;
const spinMsMax = 6_000;
const spinMsMin = 800;

interface MyBet {
  betId: number;
  roundId: number;
  color: DoubleColor;
  amount: number;
}

/** /double: one shared round every 30 s; bet during betting, the strip lands on the chain's roll. */
export default function DoublePage({ titleKey }: PageProps) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  const amount = useAmount();
  const { data: state, dataUpdatedAt } = useDoubleState();
  const now = useNow(200);
  const [color, setColor] = useState<DoubleColor>('red');
  const [spin, setSpin] = useState<(Spin & { durationMs: number }) | undefined>(undefined);
  const [landedRound, setLandedRound] = useState<number | undefined>(undefined);
  const [myBets, setMyBets] = useState<MyBet[]>([]);
  const spunRound = useRef<number | undefined>(undefined);

  useGameEvent('gameRound', (payload) => {
    const event = readDoubleRoundEvent(payload);
    if (!event) return;
    queryClient.setQueryData<DoubleState>(doubleStateQueryKey, (old) =>
      old
        ? {
            ...old,
            roundId: event.roundId,
            phase: event.phase,
            endsAt: event.endsAt,
            roll: event.roll,
            bets: old.roundId === event.roundId ? old.bets : [],
          }
        : old,
    );
    // Each phase change: the state again (history, bets), and the player's settled bets.
    void queryClient.invalidateQueries({ queryKey: doubleStateQueryKey });
    if (event.phase === 'complete') refreshBets('double');
  });
  useGameEvent('gameBet', (payload) => {
    const event = readRoundBetEvent(payload);
    if (event?.game !== 'double') return;
    queryClient.setQueryData<DoubleState>(doubleStateQueryKey, (old) =>
      old && String(old.roundId) === event.round
        ? {
            ...old,
            bets: [
              { betId: -Date.now(), player: event.player, amount: event.amount, pick: event.pick },
              ...old.bets,
            ],
          }
        : old,
    );
  });
  useStaleRoundRefetch(doubleStateQueryKey, state?.endsAt, dataUpdatedAt);

  // The strip spins once per round, when its roll becomes known (the rolling phase).
  useEffect(() => {
    if (!state || state.phase === 'betting' || state.roll === undefined) return;
    if (spunRound.current === state.roundId) return;
    spunRound.current = state.roundId;
    const left = remainingMs(state.endsAt, Date.now()) - 1500;
    const durationMs = Math.max(spinMsMin, Math.min(spinMsMax, left));
    setSpin({ key: state.roundId, roll: state.roll, durationMs });
  }, [state]);

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
        <ol className="roll-row roll-history" aria-label={t('double.lastResults')}>
          {(state?.history ?? []).map((item) => (
            <li key={item.roundId}>
              <Link
                className="roll-link"
                to={verifyHref({
                  game: 'double',
                  roundId: item.roundId,
                  round: doubleChainRound(item.roundId),
                })}
                aria-label={t('double.verifyRound', { round: item.roundId })}
              >
                <RollDot roll={item.roll} color={item.color} label={t(`picks.${item.color}`)} />
              </Link>
            </li>
          ))}
        </ol>
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
        {mine.length > 0 ? (
          <p className="payout-line">
            {t('double.yourBets')}{' '}
            {mine.map((item) => (
              <strong key={item.betId} className={`my-bet color-text-${item.color}`}>
                {money(item.amount, locale)} {t(`picks.${item.color}`)}
              </strong>
            ))}
          </p>
        ) : null}
      </section>

      <GameSection title={t('double.betsTitle')}>
        <div className="bets-columns">
          {doubleColors.map((column) => {
            const bets = (state?.bets ?? []).filter((item) => item.pick === column);
            const total = bets.reduce((sum, item) => sum + item.amount, 0);
            return (
              <div key={column} className={`bets-column color-border-${column}`}>
                <p className="bets-column-head">
                  <span>{t(`picks.${column}`)}</span>
                  <strong>{money(total, locale)}</strong>
                </p>
                <ul className="bets-column-list">
                  {bets.slice(0, 12).map((item) => (
                    <li key={item.betId}>
                      <span>{item.player}</span>
                      <span>{money(item.amount, locale)}</span>
                    </li>
                  ))}
                </ul>
                <p className="bets-column-count">{t('double.betCount', { bets: bets.length })}</p>
              </div>
            );
          })}
        </div>
      </GameSection>
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
