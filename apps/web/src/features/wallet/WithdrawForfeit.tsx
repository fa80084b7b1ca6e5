import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { formatMoney } from '../../lib/format';
import type { LocaleCode } from '../../lib/locales';
import type { WithdrawInfo } from './api/getWithdraw';

interface Props {
  bonus: NonNullable<WithdrawInfo['bonus']>;
  locale: LocaleCode;
  pending: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}

/** An unreleased bonus is forfeited by a withdrawal: the player says yes to the amount first (decision 0029). */
export function WithdrawForfeit({ bonus, locale, pending, onConfirm, onKeep }: Props) {
  const { t } = useTranslation('wallet');
  return (
    <div className="withdraw-confirm" role="alertdialog" aria-labelledby="withdraw-forfeit-title">
      <p id="withdraw-forfeit-title">
        <strong>{t('withdraw.forfeit.title')}</strong>
      </p>
      <p>
        {t('withdraw.forfeit.text', {
          bonus: formatMoney(bonus.amount, locale),
          left: formatMoney(bonus.wageringLeft, locale),
        })}
      </p>
      <Button variant="primary" block busy={pending} busyLabel={t('withdraw.submitting')} onClick={onConfirm}>
        {t('withdraw.forfeit.confirm', { bonus: formatMoney(bonus.amount, locale) })}
      </Button>
      <Button variant="ghost" block onClick={onKeep}>
        {t('withdraw.forfeit.keep')}
      </Button>
    </div>
  );
}
