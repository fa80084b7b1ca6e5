import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/ui/AmountField';
import { Button } from '../../../components/ui/Button';
import { Tabs } from '../../../components/ui/Tabs';
import { money } from '../format';
import type { AmountState } from '../hooks';
import { useLocale } from '../hooks';
import {
  type AutoBetSettings,
  autoBetMaxBets,
  type SettingsProblem,
  type StakeChange,
  settingsProblem,
} from '../logic/autobet';
import type { AutoBet } from './useAutoBet';

export type BetMode = 'manual' | 'auto';

/** Manual or automatic betting, at the top of the bet panel (as Stake shows it). */
export function BetModeTabs({
  mode,
  onChange,
  disabled,
}: {
  mode: BetMode;
  onChange(mode: BetMode): void;
  disabled: boolean;
}) {
  const { t } = useTranslation('games');
  return (
    <Tabs
      label={t('auto.modeLabel')}
      value={mode}
      onChange={onChange}
      items={[
        { value: 'manual', label: t('auto.manual'), disabled },
        { value: 'auto', label: t('auto.auto'), disabled },
      ]}
    />
  );
}

interface ChangeDraft {
  mode: StakeChange['mode'];
  percent: string;
}

function toChange(draft: ChangeDraft): StakeChange {
  if (draft.mode === 'reset') return { mode: 'reset' };
  const percent = Number(draft.percent.replace(',', '.'));
  return { mode: 'increase', percent: draft.percent.trim() === '' ? Number.NaN : percent };
}

/** "On win" / "on loss": back to the base stake, or up by a percentage. */
function ChangeField({
  label,
  draft,
  onChange,
  disabled,
}: {
  label: string;
  draft: ChangeDraft;
  onChange(draft: ChangeDraft): void;
  disabled: boolean;
}) {
  const { t } = useTranslation('games');
  return (
    <fieldset className="autobet-change" disabled={disabled}>
      <legend className="stat-label">{label}</legend>
      <Tabs
        label={label}
        value={draft.mode}
        onChange={(mode) => onChange({ ...draft, mode })}
        items={[
          { value: 'reset', label: t('auto.reset'), disabled },
          { value: 'increase', label: t('auto.increase'), disabled },
        ]}
      />
      {draft.mode === 'increase' ? (
        <label className="stat autobet-percent">
          <span className="stat-label">{t('auto.percent', { what: label })}</span>
          <span className="stat-input-row">
            <input
              className="stat-input"
              inputMode="decimal"
              maxLength={6}
              value={draft.percent}
              onChange={(event) => onChange({ ...draft, percent: event.target.value })}
            />
            <span className="stat-suffix">%</span>
          </span>
        </label>
      ) : null}
    </fieldset>
  );
}

/** A series' profit as a Brazilian reads it: "-R$ 3,00", "R$ 1,50". */
function signedMoney(cents: number, locale: ReturnType<typeof useLocale>): string {
  return `${cents < 0 ? '-' : ''}${money(Math.abs(cents) / 100, locale)}`;
}

/** Where the series is and why it stopped, read out as it changes. */
function AutoBetStatus({ auto, total }: { auto: AutoBet; total: number }) {
  const { t } = useTranslation('games');
  const locale = useLocale();
  const { state, refusal } = auto;
  if (!state) return null;
  const stop = state.stop && state.stop !== 'left' ? state.stop : undefined;
  return (
    <div className="autobet-status" role="status" data-testid="autobet-status">
      <p className="autobet-progress">
        <span>{t('auto.progress', { placed: state.placed, total })}</span>
        <span className={state.profitCents < 0 ? 'loss-text' : state.profitCents > 0 ? 'win-text' : ''}>
          {t('auto.profit', { amount: signedMoney(state.profitCents, locale) })}
        </span>
      </p>
      {stop ? (
        <p className="autobet-stop">
          {t(`auto.stop.${stop}`)}
          {stop === 'refused' && refusal ? `: ${refusal}` : ''}
        </p>
      ) : null}
    </div>
  );
}

const problemKeys: Record<SettingsProblem, string> = {
  bets: 'auto.problem.bets',
  stake: 'auto.problem.stake',
  percent: 'auto.problem.percent',
  stopProfit: 'auto.problem.stopAmount',
  stopLoss: 'auto.problem.stopAmount',
};

interface Drafts {
  bets: string;
  onWin: ChangeDraft;
  onLoss: ChangeDraft;
  stopProfit: { text: string; cents: bigint | undefined };
  stopLoss: { text: string; cents: bigint | undefined };
}

const initialDrafts: Drafts = {
  bets: '10',
  onWin: { mode: 'reset', percent: '' },
  onLoss: { mode: 'reset', percent: '' },
  stopProfit: { text: '', cents: undefined },
  stopLoss: { text: '', cents: undefined },
};

function stopCents(draft: Drafts['stopProfit']): number | undefined {
  if (draft.text.trim() === '') return undefined;
  return draft.cents === undefined ? Number.NaN : Number(draft.cents);
}

function settingsOf(drafts: Drafts, amount: AmountState): AutoBetSettings {
  return {
    bets: /^\d{1,4}$/.test(drafts.bets.trim()) ? Number(drafts.bets.trim()) : Number.NaN,
    baseCents: amount.cents ?? Number.NaN,
    onWin: toChange(drafts.onWin),
    onLoss: toChange(drafts.onLoss),
    stopProfitCents: stopCents(drafts.stopProfit),
    stopLossCents: stopCents(drafts.stopLoss),
    minCents: amount.limits.minCents,
    maxCents: amount.limits.maxCents,
  };
}

/**
 * The auto-bet settings and the start/stop button (docs/decisions/0060). `ready` is the page's own check (a
 * valid target, a payout within the limit); each bet of the series is the page's ordinary bet.
 */
export function AutoBetPanel({
  auto,
  amount,
  ready,
}: {
  auto: AutoBet;
  amount: AmountState;
  ready: boolean;
}) {
  const { t } = useTranslation('games');
  const [drafts, setDrafts] = useState(initialDrafts);
  const [total, setTotal] = useState(0);
  const settings = settingsOf(drafts, amount);
  const problem = settingsProblem(settings);
  const set = (patch: Partial<Drafts>) => setDrafts((current) => ({ ...current, ...patch }));
  const start = () => {
    if (problem || !ready) return;
    setTotal(settings.bets);
    auto.start(settings);
  };
  return (
    <div className="autobet">
      <label className="stat">
        <span className="stat-label">{t('auto.bets', { max: autoBetMaxBets })}</span>
        <input
          className="stat-input"
          inputMode="numeric"
          maxLength={4}
          value={drafts.bets}
          disabled={auto.running}
          onChange={(event) => set({ bets: event.target.value })}
        />
      </label>
      <ChangeField
        label={t('auto.onWin')}
        draft={drafts.onWin}
        onChange={(onWin) => set({ onWin })}
        disabled={auto.running}
      />
      <ChangeField
        label={t('auto.onLoss')}
        draft={drafts.onLoss}
        onChange={(onLoss) => set({ onLoss })}
        disabled={auto.running}
      />
      <div className="autobet-stops">
        <AmountField
          label={t('auto.stopProfit')}
          placeholder={t('auto.optional')}
          value={drafts.stopProfit.text}
          disabled={auto.running}
          onChange={(text, cents) => set({ stopProfit: { text, cents } })}
        />
        <AmountField
          label={t('auto.stopLoss')}
          placeholder={t('auto.optional')}
          value={drafts.stopLoss.text}
          disabled={auto.running}
          onChange={(text, cents) => set({ stopLoss: { text, cents } })}
        />
      </div>
      {problem && problem !== 'stake' ? <p className="field-error">{t(problemKeys[problem])}</p> : null}
      {auto.running ? (
        <Button variant="ghost" block className="btn-bet autobet-stop-button" onClick={auto.stop}>
          {t('auto.stopAction')}
        </Button>
      ) : (
        <Button
          variant="primary"
          block
          className="btn-bet"
          disabled={Boolean(problem) || !ready}
          onClick={start}
        >
          {t('auto.start')}
        </Button>
      )}
      <AutoBetStatus auto={auto} total={total} />
    </div>
  );
}

/** The bet panel's action: the manual bet button (children), or the auto-bet settings and start/stop. */
export function BetAction({
  mode,
  auto,
  amount,
  ready,
  children,
}: {
  mode: BetMode;
  auto: AutoBet;
  amount: AmountState;
  ready: boolean;
  children: ReactNode;
}) {
  return mode === 'auto' ? <AutoBetPanel auto={auto} amount={amount} ready={ready} /> : children;
}
