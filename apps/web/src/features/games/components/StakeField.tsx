import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/ui/AmountField';
import { Button } from '../../../components/ui/Button';
import { money } from '../format';
import type { AmountState } from '../hooks';
import { useLocale } from '../hooks';

/** The stake: the app's amount field with the games' ½ / 2× / min / max chips and why it cannot be staked. */
export function StakeField({ amount, disabled = false }: { amount: AmountState; disabled?: boolean }) {
  const { t } = useTranslation('games');
  const locale = useLocale();
  const { limits, problem } = amount;
  const error =
    problem === 'invalid'
      ? t('amount.invalid')
      : problem === 'belowMin'
        ? t('amount.belowMin', { min: money(limits.minCents / 100, locale) })
        : problem === 'aboveMax'
          ? t('amount.aboveMax', { max: money(limits.maxCents / 100, locale) })
          : undefined;
  return (
    <AmountField
      className="stake-field"
      label={t('amount.label')}
      value={amount.text}
      onChange={(text) => amount.setText(text)}
      disabled={disabled}
      error={error}
      actions={
        <>
          <Button
            variant="bare"
            className="chip"
            disabled={disabled}
            aria-label={t('amount.half')}
            onClick={amount.half}
          >
            ½
          </Button>
          <Button
            variant="bare"
            className="chip"
            disabled={disabled}
            aria-label={t('amount.double')}
            onClick={amount.double}
          >
            2×
          </Button>
          <Button variant="bare" className="chip" disabled={disabled} onClick={amount.min}>
            {t('amount.min')}
          </Button>
          <Button variant="bare" className="chip" disabled={disabled} onClick={amount.max}>
            {t('amount.max')}
          </Button>
        </>
      }
    />
  );
}
