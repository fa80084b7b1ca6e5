import type { LuckyColorPick } from '@aposta/fair';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../../components/page-props';
import { Button } from '../../../components/ui/Button';
import { Tabs } from '../../../components/ui/Tabs';
import { useGameEvent } from '../../../lib/game-events';
import { queryClient } from '../../../lib/query-client';
import { type LuckyState, luckyStateQueryOptions, useLuckyState } from '../api/lucky-state';
import { refreshBets } from '../api/settle';
import { BetHistory } from '../components/BetHistory';
import { GameLayout, GameSection } from '../components/GameLayout';
import { LuckyBoard } from '../components/lucky/LuckyBoard';
import { LuckyPicks } from '../components/lucky/LuckyPicks';
import { LuckyHistory, LuckyPaytable } from '../components/lucky/LuckyTables';
import { MyLuckyPicks } from '../components/lucky/MyLuckyPicks';
import { useLuckyBet } from '../components/lucky/useLuckyBet';
import { RoundFairnessPanel } from '../components/RoundFairnessPanel';
import { useStaleRoundRefetch } from '../components/round-sync';
import { StakeField } from '../components/StakeField';
import { money } from '../format';
import { gamesNamespace } from '../games-i18n';
import { useAmount, useLocale, useNow } from '../hooks';
import { luckyClock } from '../logic/countdown';
import { type LuckyPeriod, luckyPeriods } from '../logic/lucky';
import { readLuckyRoundEvent } from '../logic/round-events';

/** /luckyColor: Wingo-style draws of 0–9 every 30 s, 1, 3 or 5 min; betting closes 5 s before the draw. */
export default function LuckyColorPage({ titleKey }: PageProps) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  const amount = useAmount();
  const [period, setPeriod] = useState<LuckyPeriod>(60);
  const [pick, setPick] = useState<LuckyColorPick | undefined>(undefined);
  const { bet, myPicks } = useLuckyBet();
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

  const clock = state ? luckyClock(state.phase, state.endsAt, now) : undefined;
  const open = Boolean(clock?.bettingOpen);
  const canBet = Boolean(state && open && pick !== undefined && amount.apiAmount && !bet.isPending);
  const place = () => {
    if (!state || !canBet || !amount.apiAmount || pick === undefined) return;
    bet.mutate({ period, issue: state.issue, amount: amount.apiAmount, pick });
  };
  const pickLabel = (value: LuckyColorPick) =>
    typeof value === 'number' ? t('picks.number', { number: value }) : t(`picks.${value}`);
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

      <LuckyBoard state={state} clock={clock} now={now} drawn={drawn} />

      <section className="bet-panel" aria-label={t('betPanel')}>
        <LuckyPicks pick={pick} onPick={setPick} />
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
        <MyLuckyPicks mine={mine} pickLabel={pickLabel} />
      </section>

      <LuckyPaytable />
      <LuckyHistory state={state} period={period} />

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
