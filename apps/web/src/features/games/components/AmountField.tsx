import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalSeparator, money } from '../format';
import type { AmountState } from '../hooks';
import { useLocale } from '../hooks';
import { centsToInput } from '../logic/amount';

/** The stake: the amount and its ½ / 2× / min / max buttons, with the reason it cannot be staked. */
export function AmountField({ amount, disabled = false }: { amount: AmountState; disabled?: boolean }) {
  const { t } = useTranslation('games');
  const locale = useLocale();
  const id = useId();
  const hintId = `${id}-hint`;
  const { limits, problem } = amount;
  const hint =
    problem === 'invalid'
      ? t('amount.invalid')
      : problem === 'belowMin'
        ? t('amount.belowMin', { min: money(limits.minCents / 100, locale) })
        : problem === 'aboveMax'
          ? t('amount.aboveMax', { max: money(limits.maxCents / 100, locale) })
          : undefined;
  return (
    <div className="bet-amount">
      <label className="field-label" htmlFor={id}>
        {t('amount.label')}
      </label>
      <div className="bet-amount-row">
        <input
          id={id}
          className="input bet-amount-input"
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          value={amount.text}
          disabled={disabled}
          placeholder={centsToInput(0, decimalSeparator(locale))}
          aria-invalid={problem !== undefined}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => amount.setText(event.target.value)}
        />
        <div className="bet-amount-buttons">
          <button
            type="button"
            className="chip"
            disabled={disabled}
            aria-label={t('amount.half')}
            onClick={amount.half}
          >
            ½
          </button>
          <button
            type="button"
            className="chip"
            disabled={disabled}
            aria-label={t('amount.double')}
            onClick={amount.double}
          >
            2×
          </button>
          <button type="button" className="chip" disabled={disabled} onClick={amount.min}>
            {t('amount.min')}
          </button>
          <button type="button" className="chip" disabled={disabled} onClick={amount.max}>
            {t('amount.max')}
          </button>
        </div>
      </div>
      {hint ? (
        <p id={hintId} className="bet-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
