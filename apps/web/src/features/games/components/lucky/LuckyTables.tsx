import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMultiplier } from '../../../../lib/format';
import type { LuckyState } from '../../api/lucky-state';
import { gamesNamespace } from '../../games-i18n';
import { useLocale } from '../../hooks';
import { isBigNumber, type LuckyPeriod, luckyColorsOf } from '../../logic/lucky';
import { luckyPaytable } from '../../logic/paytables';
import { verifyHref } from '../../logic/verifier';
import { GameSection } from '../GameLayout';
import { NumberBall } from './NumberBall';

const historyShown = 20;

/** What each pick pays, from the paytable the server also uses. */
export function LuckyPaytable() {
  const { t } = useTranslation(gamesNamespace);
  const locale = useLocale();
  const table = luckyPaytable();
  return (
    <GameSection title={t('paytable.title')}>
      <table className="paytable">
        <tbody>
          <tr>
            <th scope="row">{t('picks.green')}</th>
            <td>
              {t('lucky.payGreen', {
                full: formatMultiplier(table.green.multiplierText, locale),
                five: formatMultiplier(table.greenOnFive.multiplierText, locale),
              })}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('picks.red')}</th>
            <td>
              {t('lucky.payRed', {
                full: formatMultiplier(table.red.multiplierText, locale),
                zero: formatMultiplier(table.redOnZero.multiplierText, locale),
              })}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('picks.violet')}</th>
            <td>{t('lucky.payViolet', { value: formatMultiplier(table.violet.multiplierText, locale) })}</td>
          </tr>
          <tr>
            <th scope="row">{t('lucky.numberPick')}</th>
            <td>{t('lucky.payNumber', { value: formatMultiplier(table.number.multiplierText, locale) })}</td>
          </tr>
          <tr>
            <th scope="row">{t('picks.big')}</th>
            <td>{t('lucky.payBig', { value: formatMultiplier(table.big.multiplierText, locale) })}</td>
          </tr>
          <tr>
            <th scope="row">{t('picks.small')}</th>
            <td>{t('lucky.paySmall', { value: formatMultiplier(table.small.multiplierText, locale) })}</td>
          </tr>
        </tbody>
      </table>
    </GameSection>
  );
}

/** The last draws of this period, each issue linking to the verifier. */
export function LuckyHistory({ state, period }: { state: LuckyState | undefined; period: LuckyPeriod }) {
  const { t } = useTranslation(gamesNamespace);
  return (
    <GameSection title={t('lucky.historyTitle')}>
      <table className="lucky-history">
        <thead>
          <tr>
            <th scope="col">{t('lucky.issue')}</th>
            <th scope="col">{t('lucky.number')}</th>
            <th scope="col">{t('lucky.size')}</th>
            <th scope="col">{t('lucky.colors')}</th>
          </tr>
        </thead>
        <tbody>
          {(state?.history ?? []).slice(0, historyShown).map((row) => (
            <tr key={row.issue}>
              <td className="mono">
                <Link
                  to={verifyHref({ game: 'luckyColor', period, issue: row.issue })}
                  aria-label={t('lucky.verifyIssue', { issue: row.issue })}
                >
                  {row.issue}
                </Link>
              </td>
              <td>
                <NumberBall number={row.number} />
              </td>
              <td>{isBigNumber(row.number) ? t('picks.big') : t('picks.small')}</td>
              <td>
                <span className="color-dots">
                  {luckyColorsOf(row.number).map((color) => (
                    <span key={color} className={`color-dot dot-${color}`} title={t(`picks.${color}`)} />
                  ))}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </GameSection>
  );
}
