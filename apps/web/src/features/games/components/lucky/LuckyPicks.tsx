import type { LuckyColorPick } from '@aposta/fair';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/Button';
import { formatMultiplier } from '../../../../lib/format';
import { gamesNamespace } from '../../games-i18n';
import { useLocale } from '../../hooks';
import { luckyColorPicks, luckyNumbers, luckySizePicks } from '../../logic/lucky';
import { luckyPickQuote } from '../../logic/paytables';
import { NumberBall } from './NumberBall';

/**
 * The picks: colours, numbers and sizes. Each is a toggle (aria-pressed) styled as a chip or a ball,
 * not an action, so these stay raw buttons rather than the shared Button.
 */
export function LuckyPicks({
  pick,
  onPick,
}: {
  pick: LuckyColorPick | undefined;
  onPick(pick: LuckyColorPick): void;
}) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  const chip = (value: (typeof luckyColorPicks)[number] | (typeof luckySizePicks)[number]) => (
    <Button
      variant="bare"
      key={value}
      className={`lucky-pick pick-${value}`}
      aria-pressed={pick === value}
      onClick={() => onPick(value)}
    >
      <span>{t(`picks.${value}`)}</span>
      <span className="pick-multiplier">
        {formatMultiplier(luckyPickQuote(value).multiplierText, locale)}
      </span>
    </Button>
  );
  return (
    <fieldset className="lucky-picks">
      <legend className="field-label">{t('lucky.pick')}</legend>
      <div className="lucky-colors">{luckyColorPicks.map(chip)}</div>
      <div className="lucky-numbers">
        {luckyNumbers.map((number) => (
          <Button
            variant="bare"
            key={number}
            className="lucky-number"
            aria-pressed={pick === number}
            aria-label={t('picks.number', { number })}
            onClick={() => onPick(number)}
          >
            <NumberBall number={number} />
          </Button>
        ))}
      </div>
      <div className="lucky-sizes">{luckySizePicks.map(chip)}</div>
    </fieldset>
  );
}
