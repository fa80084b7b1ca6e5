import { useTranslation } from 'react-i18next';
import { money } from '../../format';
import { gamesNamespace } from '../../games-i18n';
import { useLocale } from '../../hooks';
import type { MyPick } from './useLuckyBet';

/** The player's own picks on the current draw. */
export function MyLuckyPicks({
  mine,
  pickLabel,
}: {
  mine: MyPick[];
  pickLabel: (pick: MyPick['pick']) => string;
}) {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  if (mine.length === 0) return null;
  return (
    <p className="payout-line">
      {t('double.yourBets')}{' '}
      {mine.map((item) => (
        <strong key={item.betId} className="my-bet">
          {money(item.amount, locale)} {pickLabel(item.pick)}
        </strong>
      ))}
    </p>
  );
}
