import { useTranslation } from 'react-i18next';
import type { DiceBetAnswer } from '../../api/dice-bet';
import { money, twoDecimals } from '../../format';
import { gamesNamespace } from '../../games-i18n';
import { useLocale } from '../../hooks';

/** The last roll, large, and a line saying what it paid (or how to play before the first roll). */
export function DiceResult({ last }: { last: DiceBetAnswer | undefined }) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  return (
    <>
      <output className="dice-result" aria-label={t('dice.result')}>
        {last ? (
          <span key={last.betId} className={`result-pop ${last.win ? 'win-text' : 'loss-text'}`}>
            {twoDecimals(last.roll, locale)}
          </span>
        ) : (
          <span className="muted">—</span>
        )}
      </output>
      <p className="result-caption" aria-live="polite">
        {last
          ? last.win
            ? t('result.won', { amount: money(last.payout, locale) })
            : t('result.lost')
          : t('dice.hint')}
      </p>
    </>
  );
}

interface TrackProps {
  last: DiceBetAnswer | undefined;
  /** The track's win and loss colours, split at the target. */
  track: string;
  range: { min: number; max: number };
  target: number;
  onTarget: (hundredths: number) => void;
}

/** The 0–100 track: the target slider on the win/loss colours, the last roll's marker and the scale. */
export function DiceTrack({ last, track, range, target, onTarget }: TrackProps) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  return (
    <>
      <div className="dice-track" style={{ background: track }}>
        {last ? (
          <span className={`dice-marker ${last.win ? 'win' : 'loss'}`} style={{ left: `${last.roll}%` }}>
            {twoDecimals(last.roll, locale)}
          </span>
        ) : null}
        <input
          type="range"
          className="dice-range"
          aria-label={t('dice.target')}
          min={range.min}
          max={range.max}
          step={1}
          value={target}
          onChange={(event) => onTarget(Number(event.target.value))}
        />
      </div>
      <div className="dice-scale" aria-hidden="true">
        <span>0</span>
        <span>25</span>
        <span>50</span>
        <span>75</span>
        <span>100</span>
      </div>
    </>
  );
}
