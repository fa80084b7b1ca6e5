import { useTranslation } from 'react-i18next';
import { useBonusState, wageringLeft } from '../../lib/bonus-state';
import { formatMoney } from '../../lib/format';
import { usePrefs } from '../../lib/prefs';
import { useToken } from '../../lib/token';

/**
 * The deposit offers' wagering lines, from the server's own numbers (GET /api/app/bonus, issue 27): how many times
 * the deposit gift is wagered, that the player's cash is never held by it, and — when a bonus is still unreleased —
 * "falta apostar R$ X". Nothing is said about the multiple until the server has told it.
 */
export function OfferWagering({ visible }: { visible: boolean }) {
  const { t } = useTranslation('wallet');
  const locale = usePrefs((state) => state.locale);
  const token = useToken((state) => state.token);
  const bonus = useBonusState(visible && Boolean(token));
  if (!bonus.data) return null;
  const left = wageringLeft(bonus.data);
  return (
    <div className="offer-wagering">
      {left > 0 && bonus.data.freeBalance > 0 ? (
        <p className="wallet-small">
          {t('offer.wageringLeft', {
            bonus: formatMoney(bonus.data.freeBalance, locale),
            amount: formatMoney(left, locale),
          })}
        </p>
      ) : null}
      <p className="wallet-small">{t('offer.rules', { times: bonus.data.rules.depositGift })}</p>
      <p className="wallet-small">{t('offer.cashFree')}</p>
    </div>
  );
}

/** The deposit gift's multiple as the server applies it; undefined until known. */
export function useDepositGiftTimes(visible: boolean): number | undefined {
  const token = useToken((state) => state.token);
  return useBonusState(visible && Boolean(token)).data?.rules.depositGift;
}
