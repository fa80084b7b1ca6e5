import type { LuckyColorPick } from '@aposta/fair';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageProps } from '../../../components/page-props';
import { Button } from '../../../components/ui/Button';
import { Tabs } from '../../../components/ui/Tabs';
import { formatCountdown, formatMultiplier } from '../../../lib/format';
import { useGameEvent } from '../../../lib/game-events';
import { useActionKey } from '../../../lib/idempotency-key';
import { queryClient } from '../../../lib/query-client';
import { placeLuckyBet } from '../api/lucky-bet';
import { type LuckyState, luckyStateQueryOptions, useLuckyState } from '../api/lucky-state';
import { applyBalances, refreshBets } from '../api/settle';
import { BetHistory } from '../components/BetHistory';
import { GameLayout, GameSection } from '../components/GameLayout';
import { RoundFairnessPanel } from '../components/RoundFairnessPanel';
import { useStaleRoundRefetch } from '../components/round-sync';
import { StakeField } from '../components/StakeField';
import { money } from '../format';
import { gamesNamespace } from '../games-i18n';
import { useAmount, useLocale, useNow } from '../hooks';
import { luckyClock } from '../logic/countdown';
import {
  isBigNumber,
  type LuckyPeriod,
  luckyColorPicks,
  luckyColorsOf,
  luckyNumbers,
  luckyPeriods,
  luckySizePicks,
} from '../logic/lucky';
import { luckyPaytable, luckyPickQuote } from '../logic/paytables';
import { readLuckyRoundEvent } from '../logic/round-events';
import { verifyHref } from '../logic/verifier';

const historyShown = 20;

interface MyPick {
  betId: number;
  issue: string;
  pick: LuckyColorPick;
  amount: number;
}

function NumberBall({ number, size = 'normal' }: { number: number; size?: 'normal' | 'large' }) {
  const colors = luckyColorsOf(number);
  return (
    <span className={`ball ball-${size} ${colors.map((color) => `ball-${color}`).join(' ')}`}>{number}</span>
  );
}

/** /luckyColor: Wingo-style draws of 0–9 every 30 s, 1, 3 or 5 min; betting closes 5 s before the draw. */
export default function LuckyColorPage({ titleKey }: PageProps) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  const amount = useAmount();
  const [period, setPeriod] = useState<LuckyPeriod>(60);
  const [pick, setPick] = useState<LuckyColorPick | undefined>(undefined);
  const [myPicks, setMyPicks] = useState<MyPick[]>([]);
  const [drawn, setDrawn] = useState<{ issue: string; number: number } | undefined>(undefined);
  const { data: state, dataUpdatedAt } = useLuckyState(period);
  const now = useNow(250);
  const queryKey = luckyStateQueryOptions(period).queryKey;

  useGameEvent('gameRound', (payload) => {
    const event = readLuckyRoundEvent(payload);
    if (!event) return;
    const key = luckyStateQueryOptions(event.period as LuckyPeriod).queryKey;
    queryClient.setQueryData<LuckyState>(key, (old) =>
      old ? { ...old, issue: event.issue, phase: event.phase, endsAt: event.endsAt } : old,
    );
    void queryClient.invalidateQueries({ queryKey: key });
    if (event.period !== period || event.phase !== 'complete' || event.number === undefined) return;
    setDrawn({ issue: event.issue, number: event.number });
    if (myPicks.some((item) => item.issue === event.issue)) refreshBets('luckyColor');
  });
  useStaleRoundRefetch(
    queryKey,
    state ? luckyClock(state.phase, state.endsAt, 0).drawAt : undefined,
    dataUpdatedAt,
  );

  const betKeys = useActionKey();
  const bet = useMutation({
    mutationFn: (input: Parameters<typeof placeLuckyBet>[0]) => placeLuckyBet(input, betKeys.keyFor(input)),
    onSuccess(answer, input) {
      betKeys.settle();
      applyBalances(answer);
      refreshBets('luckyColor');
      const placed = typeof input.pick === 'number' ? input.pick : (input.pick as LuckyColorPick);
      setMyPicks((list) =>
        [
          { betId: answer.betId, issue: answer.issue, pick: placed, amount: Number(input.amount) },
          ...list,
        ].slice(0, 20),
      );
    },
  });

  const clock = state ? luckyClock(state.phase, state.endsAt, now) : undefined;
  const open = Boolean(clock?.bettingOpen);
  const canBet = Boolean(state && open && pick !== undefined && amount.apiAmount && !bet.isPending);
  const place = () => {
    if (!state || !canBet || !amount.apiAmount || pick === undefined) return;
    bet.mutate({ period, issue: state.issue, amount: amount.apiAmount, pick });
  };
  const pickLabel = (value: LuckyColorPick) =>
    typeof value === 'number' ? t('picks.number', { number: value }) : t(`picks.${value}`);
  const table = luckyPaytable();
  const latest = state?.history[0];
  const mine = myPicks.filter((item) => item.issue === state?.issue);

  return (
    <GameLayout title={t(`common:pages.${titleKey}`)} rtp="luckyColor">
      <Tabs
        label={t('lucky.period')}
        value={period}
        items={luckyPeriods.map((value) => ({
          value,
          label: value < 60 ? t('lucky.seconds', { value }) : t('lucky.minutes', { value: value / 60 }),
        }))}
        onChange={(value) => {
          setPeriod(value);
          setDrawn(undefined);
        }}
      />

      <section className="game-board lucky-board" aria-label={t('board')}>
        <div className="lucky-head">
          <div>
            <p className="stat-label">{t('lucky.issue')}</p>
            <p className="lucky-issue mono">{state?.issue || '…'}</p>
          </div>
          <div className="lucky-clock">
            <p className="stat-label">{t('lucky.drawIn')}</p>
            <output className="lucky-countdown mono" aria-label={t('lucky.drawIn')}>
              {clock ? formatCountdown(clock.remainingMs) : '--:--'}
            </output>
          </div>
        </div>
        <output className="round-status" aria-label={t('lucky.status')}>
          {!state
            ? t('double.loading')
            : open
              ? t('lucky.bettingOpen', { seconds: Math.ceil(((clock?.closesAt ?? now) - now) / 1000) })
              : t('lucky.bettingClosed')}
        </output>
        {drawn ? (
          <p className="lucky-drawn" aria-live="polite">
            {t('lucky.drawn', { issue: drawn.issue })}{' '}
            <NumberBall key={drawn.issue} number={drawn.number} size="large" />
          </p>
        ) : latest ? (
          <p className="lucky-drawn">
            {t('lucky.drawn', { issue: latest.issue })} <NumberBall number={latest.number} size="large" />
          </p>
        ) : null}
      </section>

      <section className="bet-panel" aria-label={t('betPanel')}>
        <fieldset className="lucky-picks">
          <legend className="field-label">{t('lucky.pick')}</legend>
          <div className="lucky-colors">
            {luckyColorPicks.map((color) => (
              <button
                key={color}
                type="button"
                className={`lucky-pick pick-${color}`}
                aria-pressed={pick === color}
                onClick={() => setPick(color)}
              >
                <span>{t(`picks.${color}`)}</span>
                <span className="pick-multiplier">
                  {formatMultiplier(luckyPickQuote(color).multiplierText, locale)}
                </span>
              </button>
            ))}
          </div>
          <div className="lucky-numbers">
            {luckyNumbers.map((number) => (
              <button
                key={number}
                type="button"
                className="lucky-number"
                aria-pressed={pick === number}
                aria-label={t('picks.number', { number })}
                onClick={() => setPick(number)}
              >
                <NumberBall number={number} />
              </button>
            ))}
          </div>
          <div className="lucky-sizes">
            {luckySizePicks.map((size) => (
              <button
                key={size}
                type="button"
                className={`lucky-pick pick-${size}`}
                aria-pressed={pick === size}
                onClick={() => setPick(size)}
              >
                <span>{t(`picks.${size}`)}</span>
                <span className="pick-multiplier">
                  {formatMultiplier(luckyPickQuote(size).multiplierText, locale)}
                </span>
              </button>
            ))}
          </div>
        </fieldset>
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
          {!open
            ? t('lucky.bettingClosed')
            : pick === undefined
              ? t('lucky.choosePick')
              : t('lucky.placeBet', {
                  amount: amount.cents !== undefined ? money(amount.cents / 100, locale) : '-',
                  pick: pickLabel(pick),
                })}
        </Button>
        {mine.length > 0 ? (
          <p className="payout-line">
            {t('double.yourBets')}{' '}
            {mine.map((item) => (
              <strong key={item.betId} className="my-bet">
                {money(item.amount, locale)} {pickLabel(item.pick)}
              </strong>
            ))}
          </p>
        ) : null}
      </section>

      <GameSection title={t('paytable.title')}>
        <table className="paytable">
          <tbody>
            <tr>
              <th scope="row">{t('picks.green')}</th>
              <td>
                {t('lucky.payGreen', {
                  full: formatMultiplier(table.green.multiplierText, locale),
                  five: formatMultiplier(table.greenOnFive.multiplierText, locale),
                })}
              </td>
            </tr>
            <tr>
              <th scope="row">{t('picks.red')}</th>
              <td>
                {t('lucky.payRed', {
                  full: formatMultiplier(table.red.multiplierText, locale),
                  zero: formatMultiplier(table.redOnZero.multiplierText, locale),
                })}
              </td>
            </tr>
            <tr>
              <th scope="row">{t('picks.violet')}</th>
              <td>
                {t('lucky.payViolet', { value: formatMultiplier(table.violet.multiplierText, locale) })}
              </td>
            </tr>
            <tr>
              <th scope="row">{t('lucky.numberPick')}</th>
              <td>
                {t('lucky.payNumber', { value: formatMultiplier(table.number.multiplierText, locale) })}
              </td>
            </tr>
            <tr>
              <th scope="row">{t('picks.big')}</th>
              <td>{t('lucky.payBig', { value: formatMultiplier(table.big.multiplierText, locale) })}</td>
            </tr>
            <tr>
              <th scope="row">{t('picks.small')}</th>
              <td>{t('lucky.paySmall', { value: formatMultiplier(table.small.multiplierText, locale) })}</td>
            </tr>
          </tbody>
        </table>
      </GameSection>

      <GameSection title={t('lucky.historyTitle')}>
        <table className="lucky-history">
          <thead>
            <tr>
              <th scope="col">{t('lucky.issue')}</th>
              <th scope="col">{t('lucky.number')}</th>
              <th scope="col">{t('lucky.size')}</th>
              <th scope="col">{t('lucky.colors')}</th>
            </tr>
          </thead>
          <tbody>
            {(state?.history ?? []).slice(0, historyShown).map((row) => (
              <tr key={row.issue}>
                <td className="mono">
                  <Link
                    to={verifyHref({ game: 'luckyColor', period, issue: row.issue })}
                    aria-label={t('lucky.verifyIssue', { issue: row.issue })}
                  >
                    {row.issue}
                  </Link>
                </td>
                <td>
                  <NumberBall number={row.number} />
                </td>
                <td>{isBigNumber(row.number) ? t('picks.big') : t('picks.small')}</td>
                <td>
                  <span className="color-dots">
                    {luckyColorsOf(row.number).map((color) => (
                      <span key={color} className={`color-dot dot-${color}`} title={t(`picks.${color}`)} />
                    ))}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </GameSection>

      <RoundFairnessPanel
        game="luckyColor"
        chain={state?.chain}
        lastRound={latest ? { period, issue: latest.issue } : undefined}
      />
      <BetHistory game="luckyColor" />
      <GameSection title={t('rules.title')}>
        <p className="rules-text">{t('lucky.rules')}</p>
      </GameSection>
    </GameLayout>
  );
}
