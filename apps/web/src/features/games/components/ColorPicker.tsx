import type { DoubleColor } from '@aposta/fair';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { formatMultiplier } from '../../../lib/format';
import { useLocale } from '../hooks';
import { doubleColors, doubleQuote } from '../logic/paytables';

/** Red 2× / white 14× / black 2×: the paytable on the buttons themselves. */
export function ColorPicker({
  value,
  onChange,
  disabled = false,
}: {
  value: DoubleColor | undefined;
  onChange(color: DoubleColor): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('games');
  const locale = useLocale();
  return (
    <fieldset className="color-picker">
      <legend className="field-label">{t('double.pickColor')}</legend>
      {doubleColors.map((color) => (
        <Button
          variant="bare"
          key={color}
          className={`color-pick color-${color}`}
          aria-pressed={value === color}
          disabled={disabled}
          onClick={() => onChange(color)}
        >
          <span className="color-pick-name">{t(`picks.${color}`)}</span>
          <span className="color-pick-multiplier">
            {formatMultiplier(doubleQuote(color).multiplierText, locale)}
          </span>
        </Button>
      ))}
    </fieldset>
  );
}

/** A finished roll as a coloured dot with its number (white shows a star). */
export function RollDot({ roll, color, label }: { roll: number; color: DoubleColor; label: string }) {
  return (
    <span className={`roll-dot color-${color}`} title={label}>
      {roll === 0 ? '★' : roll}
    </span>
  );
}
