import type { AcceptOdds, PlaceBetBody as PlaceBetInput } from '@aposta/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Popup } from '../../../components/antd';
import { CloseIcon } from '../../../components/art/icons';
import { formatMoney } from '../../../lib/format';
import { localeInfo } from '../../../lib/locales';
import { openOverlay } from '../../../lib/overlays';
import { usePrefs } from '../../../lib/prefs';
import { useToken } from '../../../lib/token';
import { showAlert, showToast } from '../../../lib/ui';
import { usePlaceBet } from '../api/place-bet';
import { TicketIcon } from '../components/icons';
import { createBetKey } from '../logic/bet-key';
import { formatOdds } from '../logic/lines';
import { marketText, outcomeText } from '../logic/match-text';
import { classifyPlaceError } from '../logic/place-errors';
import { centsToReaisNumber, potentialReturnCents, totalOdds } from '../logic/potential-return';
import { type SlipLeg, type SlipMode, slipBlocker } from '../logic/slip-rules';
import {
  cleanStakeInput,
  decimalSeparatorOf,
  parseStakeCents,
  quickStakes,
  stakeAmountText,
} from '../logic/stake';
import { explainFailure } from './place-flow';
import { useSlip } from './slip-store';
import { useLiveSelection } from './use-live-selection';

const acceptChoices: readonly { value: AcceptOdds; key: string }[] = [
  { value: 'none', key: 'slip.acceptNone' },
  { value: 'better', key: 'slip.acceptBetter' },
  { value: 'any', key: 'slip.acceptAny' },
];

function LegRow({ leg }: { leg: SlipLeg }) {
  const { t } = useTranslation('sports');
  const remove = useSlip((state) => state.remove);
  const takeOdds = useSlip((state) => state.takeOdds);
  const live = useLiveSelection(leg.matchId, leg.selectionId);
  const moved = live && live.odds !== leg.odds ? live.odds : undefined;
  const locked = live !== undefined && live.status !== 'open';
  return (
    <li className={`slip-leg${locked ? ' slip-leg-locked' : ''}`}>
      <div className="slip-leg-text">
        <strong>{outcomeText(t, leg)}</strong>
        <span>{marketText(t, leg)}</span>
        <span className="slip-leg-match">
          {leg.home} x {leg.away}
        </span>
        {locked ? <span className="slip-leg-note">{t('slip.lockedLeg')}</span> : null}
        {moved !== undefined && !locked ? (
          <span className="slip-leg-note">
            {t('slip.oddsMoved', { odds: formatOdds(moved) })}{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => takeOdds([{ selectionId: leg.selectionId, odds: moved }])}
            >
              {t('slip.takeNewOdds')}
            </button>
          </span>
        ) : null}
      </div>
      <span className="slip-leg-odds">{formatOdds(leg.odds)}</span>
      <button
        type="button"
        className="icon-button slip-remove"
        aria-label={`${t('slip.remove')}: ${outcomeText(t, leg)}`}
        onClick={() => remove(leg.selectionId)}
      >
        <CloseIcon />
      </button>
    </li>
  );
}

function ModeTabs() {
  const { t } = useTranslation('sports');
  const mode = useSlip((state) => state.mode);
  const count = useSlip((state) => state.legs.length);
  const setMode = useSlip((state) => state.setMode);
  const modes: readonly SlipMode[] = ['single', 'parlay'];
  return (
    <div className="slip-modes" role="tablist" aria-label={t('slip.betType')}>
      {modes.map((entry) => (
        <button
          key={entry}
          type="button"
          role="tab"
          aria-selected={mode === entry}
          disabled={entry === 'single' && count > 1}
          className="slip-mode"
          onClick={() => setMode(entry)}
        >
          {t(`slip.${entry}`)}
        </button>
      ))}
    </div>
  );
}

function StakeField() {
  const { t } = useTranslation('sports');
  const locale = usePrefs((state) => state.locale);
  const stakeText = useSlip((state) => state.stakeText);
  const setStakeText = useSlip((state) => state.setStakeText);
  const separator = decimalSeparatorOf(localeInfo(locale).intlTag);
  return (
    <div className="slip-stake">
      <label className="field">
        <span className="field-label">{t('slip.stake')}</span>
        <input
          className="input"
          inputMode="decimal"
          autoComplete="off"
          placeholder={`0${separator}00`}
          value={stakeText}
          onChange={(event) => setStakeText(cleanStakeInput(event.target.value, separator))}
        />
      </label>
      <fieldset className="slip-quick">
        <legend className="visually-hidden">{t('slip.quickStakes')}</legend>
        {quickStakes.map((amount) => (
          <button
            key={amount}
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => setStakeText(String(amount))}
          >
            {formatMoney(amount, locale).replace(/[.,]00$/, '')}
          </button>
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

function SlipSheet() {
  const { t } = useTranslation('sports');
  const navigate = useNavigate();
  const locale = usePrefs((state) => state.locale);
  const token = useToken((state) => state.token);
  const slip = useSlip();
  const placement = usePlaceBet();
  const betKey = useRef(createBetKey()).current;
  const odds = slip.legs.map((leg) => leg.odds);
  const stakeCents = parseStakeCents(slip.stakeText, decimalSeparatorOf(localeInfo(locale).intlTag));
  const potential = potentialReturnCents(stakeCents, odds);
  const combined = slip.mode === 'parlay' ? totalOdds(odds) : odds[0];
  const blocker = slipBlocker(slip);

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
      amount: stakeAmountText(stakeCents),
      selections: legs.map((leg) => ({ selectionId: leg.selectionId, odds: leg.odds })),
      acceptOdds: slip.acceptOdds,
    };
    try {
      await placement.mutateAsync({ input, idempotencyKey: betKey.keyFor(input) });
      betKey.reset();
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

  return (
    <section className="slip-sheet" role="dialog" aria-label={t('slip.title')}>
      <header className="slip-header">
        <h2>
          {t('slip.title')} <span className="slip-count">{slip.legs.length}</span>
        </h2>
        {slip.legs.length > 0 ? (
          <button type="button" className="link-button" onClick={slip.clear}>
            {t('slip.clear')}
          </button>
        ) : null}
        <button
          type="button"
          className="icon-button"
          aria-label={t('common:actions.close')}
          onClick={() => slip.setSheetOpen(false)}
        >
          <CloseIcon />
        </button>
      </header>
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
          <dl className="slip-totals">
            <div>
              <dt>{t('slip.totalOdds')}</dt>
              <dd>{combined === undefined ? '-' : formatOdds(combined)}</dd>
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
          <AcceptOddsChoice />
          {token ? (
            <button
              type="button"
              className="btn btn-primary btn-block slip-place"
              disabled={blocker !== undefined || placement.isPending}
              onClick={() => void place()}
            >
              {placement.isPending
                ? t('slip.placing')
                : `${t('slip.place')}${stakeCents === undefined ? '' : ` ${formatMoney(centsToReaisNumber(stakeCents), locale)}`}`}
            </button>
          ) : (
            <button type="button" className="btn btn-primary btn-block" onClick={() => openOverlay('login')}>
              {t('slip.loginToBet')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

/** The bet slip of the sports pages: a bar over the tab bar while it holds picks, a bottom sheet when opened. */
export function BetSlip() {
  const { t } = useTranslation('sports');
  const count = useSlip((state) => state.legs.length);
  const open = useSlip((state) => state.sheetOpen);
  const setOpen = useSlip((state) => state.setSheetOpen);
  const mode = useSlip((state) => state.mode);
  const odds = useSlip((state) => state.legs.map((leg) => leg.odds).join(','));
  const shownOdds = odds ? totalOdds(odds.split(',').map(Number)) : undefined;
  return (
    <>
      {count > 0 && !open ? (
        <button type="button" className="slip-bar" aria-label={t('slip.open')} onClick={() => setOpen(true)}>
          <TicketIcon />
          <span className="slip-bar-title">
            {t('slip.title')} · {t(`slip.${mode}`)}
          </span>
          <span className="slip-count">{count}</span>
          {shownOdds !== undefined ? (
            <strong className="slip-bar-odds">{formatOdds(shownOdds)}</strong>
          ) : null}
        </button>
      ) : null}
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        position="bottom"
        bodyClassName="slip-popup"
      >
        <SlipSheet />
      </Popup>
    </>
  );
}
