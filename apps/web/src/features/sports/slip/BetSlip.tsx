import type { AcceptOdds, PlaceBetBody as PlaceBetInput } from '@aposta/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AmountField } from '../../../components/ui/AmountField';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { Sheet } from '../../../components/ui/Sheet';
import { Tabs } from '../../../components/ui/Tabs';
import { formatMoney, formatOdds } from '../../../lib/format';
import { useActionKey } from '../../../lib/idempotency-key';
import { amountForApi, decimalSeparator, parseAmountInput } from '../../../lib/money-input';
import { openOverlay } from '../../../lib/overlays';
import { usePrefs } from '../../../lib/prefs';
import { useToken } from '../../../lib/token';
import { showAlert, showToast } from '../../../lib/ui';
import { usePlaceBet } from '../api/place-bet';
import { marketText, outcomeText } from '../logic/match-text';
import { classifyPlaceError } from '../logic/place-errors';
import { centsToReaisNumber } from '../logic/potential-return';
import { choiceTakes, slipFigures } from '../logic/slip-figures';
import { type SlipLeg, type SlipMode, slipBlocker } from '../logic/slip-rules';
import { isLive } from '../logic/vocabulary';
import { ShareButton } from '../share/ShareSheet';
import { explainFailure } from './place-flow';
import { useSlip } from './slip-store';
import { useLiveMatchState, useLiveSelection, useLiveSelections } from './use-live-selection';

const acceptChoices: readonly { value: AcceptOdds; key: string }[] = [
  { value: 'none', key: 'slip.acceptNone' },
  { value: 'better', key: 'slip.acceptBetter' },
  { value: 'any', key: 'slip.acceptAny' },
];

function LegRow({ leg }: { leg: SlipLeg }) {
  const { t } = useTranslation('sports');
  const remove = useSlip((state) => state.remove);
  const takeOdds = useSlip((state) => state.takeOdds);
  const acceptOdds = useSlip((state) => state.acceptOdds);
  const live = useLiveSelection(leg.matchId, leg.selectionId);
  const matchState = useLiveMatchState(leg.matchId);
  // In play, a handicap counts from the score at placement: the current one, if placed now.
  const countsFrom = matchState && isLive(matchState.period) ? matchState.score : null;
  const locale = usePrefs((state) => state.locale);
  const moved = live && live.odds !== leg.odds ? live.odds : undefined;
  const locked = live !== undefined && live.status !== 'open';
  // The leg shows the odds it would be placed at now; the agreed ones, struck through, tell what changed.
  const shownOdds = moved ?? leg.odds;
  return (
    <li className={`slip-leg${locked ? ' slip-leg-locked' : ''}`}>
      <div className="slip-leg-text">
        <strong>{outcomeText(t, leg, locale)}</strong>
        <span>{marketText(t, leg, countsFrom)}</span>
        <span className="slip-leg-match">
          {/* A race is named by its title alone. */}
          {leg.runner === undefined ? `${leg.home} x ${leg.away}` : leg.home}
        </span>
        {locked ? <span className="slip-leg-note">{t('slip.lockedLeg')}</span> : null}
        {moved !== undefined && !locked ? (
          <span className="slip-leg-note">
            {t('slip.oddsMoved', { odds: formatOdds(moved, locale) })}{' '}
            {choiceTakes(acceptOdds, leg.odds, moved) ? null : (
              <Button
                variant="bare"
                className="link-button"
                onClick={() => takeOdds([{ selectionId: leg.selectionId, odds: moved }])}
              >
                {t('slip.takeNewOdds')}
              </Button>
            )}
          </span>
        ) : null}
      </div>
      <span className="slip-leg-odds">
        {moved === undefined ? null : <s className="slip-leg-old-odds">{formatOdds(leg.odds, locale)}</s>}
        {formatOdds(shownOdds, locale)}
      </span>
      <Button
        variant="bare"
        className="icon-button slip-remove"
        aria-label={`${t('slip.remove')}: ${outcomeText(t, leg, locale)}`}
        onClick={() => remove(leg.selectionId)}
      >
        <Icon name="close" />
      </Button>
    </li>
  );
}

/** The quick stakes under the field, in reais. */
const quickStakes = [5, 10, 20, 50, 100] as const;

/** The stake in centavos when it is a positive amount. */
function stakeCentsOf(text: string, decimal: string): bigint | undefined {
  const cents = parseAmountInput(text, decimal);
  return cents !== undefined && cents > 0n ? cents : undefined;
}

function ModeTabs() {
  const { t } = useTranslation('sports');
  const mode = useSlip((state) => state.mode);
  const count = useSlip((state) => state.legs.length);
  const setMode = useSlip((state) => state.setMode);
  const modes: readonly SlipMode[] = ['single', 'parlay'];
  return (
    <Tabs
      label={t('slip.betType')}
      value={mode}
      onChange={setMode}
      items={modes.map((entry) => ({
        value: entry,
        label: t(`slip.${entry}`),
        disabled: entry === 'single' && count > 1,
      }))}
    />
  );
}

function StakeField() {
  const { t } = useTranslation('sports');
  const locale = usePrefs((state) => state.locale);
  const stakeText = useSlip((state) => state.stakeText);
  const setStakeText = useSlip((state) => state.setStakeText);
  return (
    <div className="slip-stake">
      <AmountField label={t('slip.stake')} value={stakeText} onChange={(text) => setStakeText(text)} />
      <fieldset className="slip-quick">
        <legend className="visually-hidden">{t('slip.quickStakes')}</legend>
        {quickStakes.map((amount) => (
          <Button variant="ghost" size="small" key={amount} onClick={() => setStakeText(String(amount))}>
            {formatMoney(amount, locale).replace(/[.,]00$/, '')}
          </Button>
        ))}
      </fieldset>
    </div>
  );
}

function AcceptOddsChoice() {
  const { t } = useTranslation('sports');
  const acceptOdds = useSlip((state) => state.acceptOdds);
  const setAcceptOdds = useSlip((state) => state.setAcceptOdds);
  return (
    <fieldset className="slip-accept">
      <legend className="field-label">{t('slip.acceptOdds')}</legend>
      {acceptChoices.map((choice) => (
        <label key={choice.value} className="slip-accept-option">
          <input
            type="radio"
            name="acceptOdds"
            value={choice.value}
            checked={acceptOdds === choice.value}
            onChange={() => setAcceptOdds(choice.value)}
          />
          <span>{t(choice.key)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The slip's total odds and the potential return, both at the current odds. */
function SlipTotals({
  combined,
  potential,
}: {
  combined: number | undefined;
  potential: bigint | undefined;
}) {
  const { t } = useTranslation('sports');
  const locale = usePrefs((state) => state.locale);
  return (
    <dl className="slip-totals">
      <div>
        <dt>{t('slip.totalOdds')}</dt>
        <dd>{combined === undefined ? '-' : formatOdds(combined, locale)}</dd>
      </div>
      <div>
        <dt>{t('slip.potentialReturn')}</dt>
        <dd>
          <output className="slip-return" aria-label={t('slip.potentialReturn')}>
            {potential === undefined ? '-' : formatMoney(centsToReaisNumber(potential), locale)}
          </output>
        </dd>
      </div>
    </dl>
  );
}

/** Placing the slip: login first, a stake, then the bet once per key; a refusal is explained to the player. */
function usePlaceSlip(stakeCents: bigint | undefined) {
  const { t } = useTranslation('sports');
  const navigate = useNavigate();
  const token = useToken((state) => state.token);
  const slip = useSlip();
  const placement = usePlaceBet();
  const betKey = useActionKey<PlaceBetInput>();
  const place = async () => {
    if (!token) {
      openOverlay('login');
      return;
    }
    if (stakeCents === undefined) {
      await showAlert(t('slip.enterStake'));
      return;
    }
    const legs = slip.legs;
    const input: PlaceBetInput = {
      amount: amountForApi(stakeCents),
      selections: legs.map((leg) => ({ selectionId: leg.selectionId, odds: leg.odds })),
      acceptOdds: slip.acceptOdds,
    };
    try {
      await placement.mutateAsync({ input, idempotencyKey: betKey.keyFor(input) });
      betKey.settle();
      slip.clear();
      void showToast(t('slip.placed'));
    } catch (error) {
      await explainFailure(classifyPlaceError(error), legs, {
        takeOdds: slip.takeOdds,
        showErrorPage: (message) => void navigate('/error', { state: { message } }),
        closeSlip: () => slip.setSheetOpen(false),
      });
    }
  };

  return { place, placing: placement.isPending };
}

function SlipSheet() {
  const { t } = useTranslation('sports');
  const locale = usePrefs((state) => state.locale);
  const token = useToken((state) => state.token);
  const slip = useSlip();
  const stakeCents = stakeCentsOf(slip.stakeText, decimalSeparator(locale));
  const { place, placing } = usePlaceSlip(stakeCents);
  const live = useLiveSelections(slip.legs);
  // Every figure at the current odds (the server places at them); a move the choice does not take is asked.
  const figures = slipFigures(
    slip.legs.map((leg, index) => ({
      selectionId: leg.selectionId,
      agreed: leg.odds,
      current: live[index]?.odds,
    })),
    slip.mode,
    stakeCents,
    slip.acceptOdds,
  );
  const potential = figures.potentialCents;
  const combined = figures.combined;
  const blocker = slipBlocker(slip);

  return (
    <>
      {slip.legs.length === 0 ? (
        <p className="slip-empty">{t('slip.empty')}</p>
      ) : (
        <>
          <ModeTabs />
          <ul className="slip-legs">
            {slip.legs.map((leg) => (
              <LegRow key={leg.selectionId} leg={leg} />
            ))}
          </ul>
          {blocker === 'parlayNeedsTwo' ? <p className="slip-hint">{t('slip.parlayNeedsTwo')}</p> : null}
          <StakeField />
          <SlipTotals combined={combined} potential={potential} />
          <AcceptOddsChoice />
          {token && figures.toAccept.length > 0 ? (
            <Button
              variant="primary"
              block
              className="slip-place"
              onClick={() => slip.takeOdds(figures.toAccept)}
            >
              {t('slip.takeNewOdds')}
            </Button>
          ) : token ? (
            <Button
              variant="primary"
              block
              className="slip-place"
              disabled={blocker !== undefined}
              busy={placing}
              busyLabel={t('slip.placing')}
              onClick={() => void place()}
            >
              {`${t('slip.place')}${stakeCents === undefined ? '' : ` ${formatMoney(centsToReaisNumber(stakeCents), locale)}`}`}
            </Button>
          ) : (
            <Button variant="primary" block onClick={() => openOverlay('login')}>
              {t('slip.loginToBet')}
            </Button>
          )}
        </>
      )}
    </>
  );
}

/** The bet slip of the sports pages: a bar over the tab bar while it holds picks, a bottom sheet when opened. */
export function BetSlip() {
  const { t } = useTranslation('sports');
  const count = useSlip((state) => state.legs.length);
  const open = useSlip((state) => state.sheetOpen);
  const setOpen = useSlip((state) => state.setSheetOpen);
  const clear = useSlip((state) => state.clear);
  const locale = usePrefs((state) => state.locale);
  const mode = useSlip((state) => state.mode);
  const legs = useSlip((state) => state.legs);
  const acceptOdds = useSlip((state) => state.acceptOdds);
  const live = useLiveSelections(legs);
  // The bar's odds follow the current prices like the sheet's totals.
  const shownOdds = slipFigures(
    legs.map((leg, index) => ({
      selectionId: leg.selectionId,
      agreed: leg.odds,
      current: live[index]?.odds,
    })),
    mode,
    undefined,
    acceptOdds,
  ).combined;
  return (
    <>
      {count > 0 && !open ? (
        <Button variant="bare" className="slip-bar" aria-label={t('slip.open')} onClick={() => setOpen(true)}>
          <Icon name="ticket" />
          <span className="slip-bar-title">
            {t('slip.title')} · {t(`slip.${mode}`)}
          </span>
          <span className="slip-count">{count}</span>
          {shownOdds !== undefined ? (
            <strong className="slip-bar-odds">{formatOdds(shownOdds, locale)}</strong>
          ) : null}
        </Button>
      ) : null}
      <Sheet
        visible={open}
        onClose={() => setOpen(false)}
        className="slip-sheet"
        title={
          <>
            {t('slip.title')} <span className="slip-count">{count}</span>
          </>
        }
        headerExtra={
          count > 0 ? (
            <>
              <ShareButton
                compact
                makeBody={() => ({ selections: legs.map((leg) => ({ selectionId: leg.selectionId })) })}
              />
              <Button variant="bare" className="link-button" onClick={clear}>
                {t('slip.clear')}
              </Button>
            </>
          ) : null
        }
      >
        <div className="slip-body">
          <SlipSheet />
        </div>
      </Sheet>
    </>
  );
}
