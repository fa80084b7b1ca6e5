import type { MarketView as Market, MatchSummary, SelectionView as Selection } from '@aposta/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { formatOdds } from '../../../lib/format';
import { usePrefs } from '../../../lib/prefs';
import { showToast } from '../../../lib/ui';
import { outcomeText } from '../logic/match-text';
import type { SlipLeg } from '../logic/slip-rules';
import { useIsPicked, useSlip } from '../slip/slip-store';
import { BoostedOdds, takenOdds } from './BoostedOdds';

export const oddsFlashMs = 1600;

/** Which way the odds last moved, for a short flash: green up, red down. */
function useOddsFlash(odds: number): 'up' | 'down' | undefined {
  const previous = useRef(odds);
  const [flash, setFlash] = useState<'up' | 'down' | undefined>();
  useEffect(() => {
    if (odds === previous.current) return;
    setFlash(odds > previous.current ? 'up' : 'down');
    previous.current = odds;
    const timer = setTimeout(() => setFlash(undefined), oddsFlashMs);
    return () => clearTimeout(timer);
  }, [odds]);
  return flash;
}

/** `{ runner }` when the outcome is one of a race's runners. */
export function runnerOf(match: MatchSummary, outcome: string): { runner?: string } {
  const runner = match.runners?.find((item) => item.id === outcome);
  return runner ? { runner: runner.name } : {};
}

export function legOf(match: MatchSummary, market: Market, selection: Selection): SlipLeg {
  return {
    selectionId: selection.selectionId,
    matchId: match.matchId,
    marketId: market.marketId,
    sport: match.sport,
    home: match.home,
    away: match.away,
    type: market.type,
    period: market.period,
    line: market.line,
    outcome: selection.outcome,
    ...runnerOf(match, selection.outcome),
    odds: takenOdds(selection),
  };
}

interface OddsButtonProps {
  match: MatchSummary;
  market: Market;
  selection: Selection;
  /** What the button says above the odds ("1", "Santos -0.75"); the full words go to its name. */
  label: string;
}

/** One price: tapping puts the pick on the slip (or takes it off); a suspended market is locked. */
export function OddsButton({ match, market, selection, label }: OddsButtonProps) {
  const { t } = useTranslation('sports');
  const picked = useIsPicked(selection.selectionId);
  const toggle = useSlip((state) => state.toggle);
  const flash = useOddsFlash(selection.odds);
  const locale = usePrefs((state) => state.locale);
  const locked = market.status !== 'open';
  const name = outcomeText(
    t,
    {
      ...market,
      outcome: selection.outcome,
      home: match.home,
      away: match.away,
      ...runnerOf(match, selection.outcome),
    },
    locale,
  );
  const tap = () => {
    const refusal = toggle(legOf(match, market, selection));
    if (refusal) void showToast(t(`errors.${refusal}`));
  };
  const classes = ['odds-button'];
  if (selection.boostedOdds !== undefined) classes.push('odds-boosted');
  if (picked) classes.push('odds-picked');
  // A locked price is not offered: its moves do not flash.
  if (flash && !locked) classes.push(`odds-flash-${flash}`);
  return (
    <Button
      variant="bare"
      className={classes.join(' ')}
      aria-pressed={picked}
      disabled={locked}
      aria-label={locked ? `${name} ${t('locked')}` : `${name} ${formatOdds(takenOdds(selection), locale)}`}
      onClick={tap}
    >
      <span className="odds-label">{label}</span>
      {locked ? (
        <span className="odds-value odds-locked">
          <Icon name="lock" />
        </span>
      ) : (
        <span className="odds-value">
          <BoostedOdds selection={selection} locale={locale} />
          {flash ? (
            <span className="odds-arrow" title={t(flash === 'up' ? 'oddsUp' : 'oddsDown')}>
              {flash === 'up' ? '▲' : '▼'}
            </span>
          ) : null}
        </span>
      )}
    </Button>
  );
}
