import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../components/ui/AmountField';
import { Button } from '../../components/ui/Button';
import { patchBalance } from '../../lib/balance-hold';
import { formatMoney } from '../../lib/format';
import { useActionKey } from '../../lib/idempotency-key';
import { amountForApi, decimalSeparator, formatAmountInput } from '../../lib/money-input';
import { usePrefs } from '../../lib/prefs';
import { cashOutCrash, placeCrashBet } from './api';
import { crashNamespace } from './crash-i18n';
import { type CrashView, cashoutValue, displayedMultiplier, readAutoTarget } from './crash-logic';

export interface PanelBet {
  betId: number;
  roundId: number;
  amount: number;
  cashedOutAt?: number;
  payout?: number;
}

const balancesOf = (answer: { balance: number; freeBalance: number }) =>
  patchBalance({ balance: answer.balance, freeBalance: answer.freeBalance });

/** One of the two bets a player may have on a round: stake, optional auto cash-out, bet / cash out. */
export function BetPanel({ index, view, now }: { index: number; view: CrashView | undefined; now: number }) {
  const { t } = useTranslation(crashNamespace);
  const locale = usePrefs((state) => state.locale);
  const separator = decimalSeparator(locale);
  const [text, setText] = useState(() => formatAmountInput(BigInt(index === 1 ? 100 : 200), separator));
  const [cents, setCents] = useState<bigint | undefined>(BigInt(index === 1 ? 100 : 200));
  const [auto, setAuto] = useState(false);
  const [autoText, setAutoText] = useState('2.00');
  const { bet, place, cashOut } = usePanelBet();
  const target = auto ? readAutoTarget(autoText) : undefined;

  const mine = bet && view && bet.roundId === view.roundId ? bet : undefined;
  const pushed = mine ? view?.bets.find((item) => item.betId === mine.betId) : undefined;
  const cashedAt = mine?.cashedOutAt ?? pushed?.cashedOutAt;
  const money = (value: number) => formatMoney(value, locale);
  const multiplier = view ? displayedMultiplier(view, now) : 1;
  const { label, action } = describeAction({
    t,
    money,
    view,
    mine,
    cashedAt,
    payout: mine?.payout ?? pushed?.payout,
    multiplier,
    ready: cents !== undefined && (!auto || target !== undefined),
    stake: cents === undefined ? undefined : Number(cents) / 100,
    cashOut: () => mine && cashOut.mutate(mine.betId),
    place: () =>
      view &&
      cents !== undefined &&
      place.mutate({
        roundId: view.roundId,
        amount: amountForApi(cents),
        ...(target === undefined ? {} : { autoCashout: target }),
      }),
  });

  const busy = place.isPending || cashOut.isPending;
  const locked = Boolean(mine) || busy;
  return (
    <section className="crash-panel" aria-label={t('panel.title', { n: index })}>
      <div className="crash-panel-row">
        <AmountField
          label={t('panel.amount')}
          value={text}
          disabled={locked}
          onChange={(next, value) => {
            setText(next);
            setCents(value);
          }}
        />
        <AutoFields
          auto={auto}
          setAuto={setAuto}
          text={autoText}
          setText={setAutoText}
          locked={locked}
          valid={target !== undefined}
        />
      </div>
      {auto && target === undefined ? <p className="crash-hint">{t('panel.autoInvalid')}</p> : null}
      <Button
        variant={mine && view?.phase === 'running' && cashedAt === undefined ? 'gold' : 'primary'}
        block
        className="crash-action"
        disabled={!action || busy}
        busy={busy}
        onClick={action}
      >
        {label}
      </Button>
    </section>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** What the panel's button says and does, from the bet (if any) and the round's phase. */
function describeAction(input: {
  t: Translate;
  money: (value: number) => string;
  view: CrashView | undefined;
  mine: PanelBet | undefined;
  cashedAt: number | undefined;
  payout: number | undefined;
  multiplier: number;
  ready: boolean;
  stake: number | undefined;
  cashOut: () => void;
  place: () => void;
}): { label: string; action?: () => void } {
  const { t, money, view, mine, cashedAt } = input;
  const phase = view?.phase;
  if (mine && cashedAt !== undefined) {
    const amount = money(input.payout ?? cashoutValue(mine.amount, cashedAt));
    return { label: t('panel.cashedOut', { multiplier: cashedAt.toFixed(2), amount }) };
  }
  if (mine && phase === 'running')
    return {
      label: t('panel.cashout', { amount: money(cashoutValue(mine.amount, input.multiplier)) }),
      action: input.cashOut,
    };
  if (mine) return { label: phase === 'betting' ? t('panel.waiting') : t('panel.lost') };
  if (phase !== 'betting') return { label: t('panel.nextRound') };
  if (!input.ready) return { label: t('panel.bet', { amount: '-' }) };
  return { label: t('panel.bet', { amount: money(input.stake ?? 0) }), action: input.place };
}

/** The auto cash-out switch and its target. */
function AutoFields(props: {
  auto: boolean;
  setAuto: (value: boolean) => void;
  text: string;
  setText: (value: string) => void;
  locked: boolean;
  valid: boolean;
}) {
  const { t } = useTranslation(crashNamespace);
  return (
    <>
      <label className="crash-auto">
        <input
          type="checkbox"
          checked={props.auto}
          disabled={props.locked}
          onChange={(event) => props.setAuto(event.target.checked)}
        />
        <span>{t('panel.auto')}</span>
      </label>
      {props.auto ? (
        <input
          className="crash-auto-input"
          inputMode="decimal"
          aria-label={t('panel.autoTarget')}
          value={props.text}
          disabled={props.locked}
          aria-invalid={!props.valid}
          onChange={(event) => props.setText(event.target.value)}
        />
      ) : null}
    </>
  );
}

/** The panel's bet on the round and its two calls, each with its own Idempotency-Key. */
function usePanelBet() {
  const [bet, setBet] = useState<PanelBet | undefined>(undefined);
  const betKeys = useActionKey<object>();
  const cashKeys = useActionKey<number>();
  const place = useMutation({
    mutationFn: (body: { roundId: number; amount: string; autoCashout?: number }) =>
      placeCrashBet(body, betKeys.keyFor(body)),
    onSuccess(answer, body) {
      betKeys.settle();
      balancesOf(answer);
      setBet({ betId: answer.betId, roundId: answer.roundId, amount: Number(body.amount) });
    },
  });
  const cashOut = useMutation({
    mutationFn: (betId: number) => cashOutCrash(betId, cashKeys.keyFor(betId)),
    onSuccess(answer) {
      cashKeys.settle();
      balancesOf(answer);
      setBet((current) => current && { ...current, cashedOutAt: answer.multiplier, payout: answer.payout });
    },
  });
  return { bet, place, cashOut };
}
