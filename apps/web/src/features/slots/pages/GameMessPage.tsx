import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import type { PageProps } from '../../../components/page-props';
import { formatMoney } from '../../../lib/format';
import { usePrefs } from '../../../lib/prefs';
import { showAlert } from '../../../lib/ui';
import { useGameInfo } from '../api/game-info';
import { formatRtp, gameLink, isSlotProvider } from '../slot-links';
import { slotsNamespace } from '../slots-i18n';
import '../slots.css';
import { Button } from '../../../components/ui/Button';

/** /gameMess?productCode=&value=: a game's sheet: provider, RTP, paytable and rules. */
export default function GameMessPage({ titleKey }: PageProps) {
  const { t, i18n } = useTranslation(slotsNamespace);
  const navigate = useNavigate();
  const locale = usePrefs((state) => state.locale);
  const [params] = useSearchParams();
  const productCode = params.get('productCode') ?? '';
  const value = params.get('value') ?? '';
  const info = useGameInfo(isSlotProvider(productCode) ? productCode : undefined, value);
  const title = info.data?.name ?? t(`common:pages.${titleKey}`);
  const game = info.data;
  const sheet = game?.sheet;
  return (
    <section className="page slots-page" aria-labelledby="page-title">
      <PageHeader title={title} />
      <h2 id="page-title" className="visually-hidden">
        {title}
      </h2>
      {!game ? (
        <p className="slots-state">{info.isError ? t('slots.loadFailed') : t('slots.loading')}</p>
      ) : (
        <div className="game-mess">
          <div className="game-mess-head">
            <img className="slot-art" src={game.icon} alt="" width={96} height={96} />
            <dl className="game-mess-facts">
              <dt>{t('slots.provider')}</dt>
              <dd>{t(`common:settings.${game.productCode.toLowerCase()}`)}</dd>
              <dt>{t('slots.rtpLabel')}</dt>
              <dd>{game.rtp === null ? '-' : formatRtp(game.rtp, i18n.language)}</dd>
              {sheet ? (
                <>
                  <dt>{t('slots.volatility')}</dt>
                  <dd>{t(`slots.volatilities.${sheet.volatility}`)}</dd>
                  <dt>{t('slots.layout')}</dt>
                  <dd>
                    {sheet.kind === 'lines'
                      ? t('slots.layoutLines', { reels: sheet.reels, rows: sheet.rows, lines: sheet.lines })
                      : t('slots.layoutWays', { reels: sheet.reels, rows: sheet.rows })}
                  </dd>
                  <dt>{t('slots.bets')}</dt>
                  <dd>
                    {formatMoney(sheet.minBet, locale)} – {formatMoney(sheet.maxBet, locale)}
                  </dd>
                </>
              ) : null}
            </dl>
          </div>
          <Button
            variant="primary"
            block
            onClick={() =>
              game.stop
                ? void showAlert(t('common:messages.comingSoon'))
                : void navigate(gameLink('/play', { ...game, gameType: 'SLOT' }))
            }
          >
            {t('slots.play')}
          </Button>
          {sheet ? (
            <>
              <h3 className="game-mess-heading">{t('slots.freeSpins')}</h3>
              <p>
                {t('slots.freeSpinsRule', {
                  count: sheet.freeSpins.scatterCount,
                  spins: sheet.freeSpins.spins,
                  multiplier: sheet.freeSpins.multiplier,
                })}
              </p>
              <h3 className="game-mess-heading">{t('slots.paytable')}</h3>
              <table className="paytable">
                <thead>
                  <tr>
                    <th scope="col">{t('slots.symbol')}</th>
                    <th scope="col">{t('slots.count')}</th>
                    <th scope="col">{t('slots.pays')}</th>
                  </tr>
                </thead>
                <tbody>
                  {sheet.paytable.map((row) => (
                    <tr key={`${row.symbol}-${row.count}`}>
                      <td>{row.name}</td>
                      <td>{row.count}</td>
                      <td>{`${new Intl.NumberFormat(locale.replace('_', '-')).format(row.timesBet)}×`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <h3 className="game-mess-heading">{t('slots.rules')}</h3>
              <p className="game-mess-rules">{sheet.rules}</p>
            </>
          ) : (
            <p className="slots-state">{t('slots.noSheet')}</p>
          )}
        </div>
      )}
    </section>
  );
}
