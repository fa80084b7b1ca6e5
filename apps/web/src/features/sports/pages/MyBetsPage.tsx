import type { BetView as Bet, BetLegView as BetLeg } from '@aposta/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import type { PageProps } from '../../../components/page-props';
import { formatMoney, formatOdds } from '../../../lib/format';
import { localeInfo } from '../../../lib/locales';
import { usePrefs } from '../../../lib/prefs';
import { useBets } from '../api/bets';
import { BuilderBetLabel } from '../builder/BuilderMode';
import { AutoCashout } from '../components/AutoCashout';
import { CashoutBar } from '../components/CashoutBar';
import { marketText, outcomeText } from '../logic/match-text';
import { matchStatusLine } from '../logic/score-detail';
import { periodKey, resultKey, resultTone } from '../logic/vocabulary';
import { ShareButton } from '../share/ShareSheet';
import '../sports.css';
import '../sports-i18n';
import { Button } from '../../../components/ui/Button';
import { Tabs, tabId } from '../../../components/ui/Tabs';

type BetsTab = 'open' | 'settled';
const tabs: readonly BetsTab[] = ['open', 'settled'];

const timeFormats = new Map<string, Intl.DateTimeFormat>();
function formatTime(time: number, intlTag: string): string {
  let format = timeFormats.get(intlTag);
  if (!format) {
    format = new Intl.DateTimeFormat(intlTag, { dateStyle: 'short', timeStyle: 'short' });
    timeFormats.set(intlTag, format);
  }
  return Number.isFinite(time) ? format.format(time) : '-';
}

function ResultBadge({ result }: { result: number }) {
  const { t } = useTranslation('sports');
  return (
    <span className={`result-badge result-${resultTone(result)}`}>{t(`result.${resultKey(result)}`)}</span>
  );
}

function LegView({ leg }: { leg: BetLeg }) {
  const { t } = useTranslation('sports');
  const locale = usePrefs((state) => state.locale);
  const status = matchStatusLine(
    t,
    { sport: leg.sport, period: leg.matchPeriod, score: leg.score, scoreDetail: leg.scoreDetail },
    (period) => t(`period.${periodKey(period)}`),
  );
  return (
    <li className="bet-leg">
      <div className="bet-leg-text">
        <strong>{outcomeText(t, leg, locale)}</strong>
        {/* An in-play handicap: the score it counts from (0–0 is the whole match, not worth saying). */}
        <span>
          {marketText(
            t,
            leg,
            leg.placementScore && leg.placementScore.home + leg.placementScore.away > 0
              ? leg.placementScore
              : null,
          )}
        </span>
        <span className="bet-leg-match">
          {/* A race is named by its title alone. */}
          {leg.runner === undefined ? `${leg.home} x ${leg.away}` : leg.home}
        </span>
        {status ? <span className="bet-leg-status">{status}</span> : null}
      </div>
      <div className="bet-leg-end">
        <span className="bet-leg-odds">
          {leg.normalOdds === undefined ? null : (
            <s className="odds-boost-old">{formatOdds(leg.normalOdds, locale)}</s>
          )}
          {formatOdds(leg.odds, locale)}
        </span>
        {leg.result !== 0 ? <ResultBadge result={leg.result} /> : null}
        {leg.earlyPaid ? <span className="result-badge result-win">{t('early.badge')}</span> : null}
      </div>
    </li>
  );
}

function BetCard({ bet }: { bet: Bet }) {
  const { t } = useTranslation('sports');
  const locale = usePrefs((state) => state.locale);
  const settled = bet.result !== 0;
  // Sold back in full: over for the player, whatever its matches still do.
  const cashedOutInFull = bet.remainingStake === 0 && bet.cashedOut > 0;
  return (
    <article className="bet-card" aria-label={t('bets.betNumber', { id: bet.betId })}>
      <header className="bet-card-head">
        <span>
          <strong>
            {bet.type === 'builder' ? (
              <BuilderBetLabel count={bet.legs.length} />
            ) : bet.type === 'parlay' ? (
              t('bets.parlayOf', { count: bet.legs.length })
            ) : (
              t('slip.single')
            )}
          </strong>
          <span className="bet-card-id">{t('bets.betNumber', { id: bet.betId })}</span>
        </span>
        {cashedOutInFull ? (
          <span className="result-badge result-neutral">{t('cashout.badge')}</span>
        ) : (
          <ResultBadge result={bet.result} />
        )}
        <ShareButton compact className="bet-share" makeBody={() => ({ betId: bet.betId })} />
      </header>
      <ul className="bet-legs">
        {bet.legs.map((leg) => (
          <LegView key={`${leg.marketId}-${leg.outcome}`} leg={leg} />
        ))}
      </ul>
      <dl className="bet-numbers">
        {/* The stake as placed, always; after a partial cash-out the part still in play beside it. */}
        <div>
          <dt>{t('bets.stake')}</dt>
          <dd>{formatMoney(bet.amount, locale)}</dd>
        </div>
        {bet.cashedOut > 0 && !cashedOutInFull ? (
          <div>
            <dt>{t('bets.remainingStake')}</dt>
            <dd>{formatMoney(bet.remainingStake, locale)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('bets.odds')}</dt>
          <dd>{formatOdds(bet.odds, locale)}</dd>
        </div>
        {/* Sold in full: nothing more can come back, the cash-out below is what it paid. */}
        {cashedOutInFull ? null : (
          <div>
            <dt>{settled ? t('bets.payout') : t('bets.potential')}</dt>
            <dd className={settled && bet.payout > 0 ? 'bet-payout-positive' : undefined}>
              {formatMoney(settled ? bet.payout : bet.potentialPayout, locale)}
            </dd>
          </div>
        )}
        {bet.cashedOut > 0 ? (
          <div>
            <dt>{t('cashout.received')}</dt>
            <dd className="bet-payout-positive">{formatMoney(bet.cashedOut, locale)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="bet-time">
        {t('bets.placedAt', { time: formatTime(bet.time, localeInfo(locale).intlTag) })}
      </p>
      {settled || cashedOutInFull ? null : <CashoutBar bet={bet} />}
      {settled || cashedOutInFull ? null : <AutoCashout bet={bet} />}
      {bet.earlyPaid ? <p className="bet-early-paid">{t('early.paid')}</p> : null}
    </article>
  );
}

function BetList({ status }: { status: BetsTab }) {
  const { t } = useTranslation('sports');
  const bets = useBets(status);
  const records = bets.data?.pages.flatMap((page) => page.records) ?? [];
  if (bets.isPending) return <p className="sports-state">{t('loading')}</p>;
  if (bets.isError && records.length === 0) {
    return (
      <div className="sports-state" role="alert">
        <p>{t('loadFailed')}</p>
        <Button variant="ghost" onClick={() => void bets.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (records.length === 0) {
    return (
      <div className="sports-state">
        <p>{t('bets.empty')}</p>
        <Link to="/sports" className="btn btn-primary">
          {t('bets.goBet')}
        </Link>
      </div>
    );
  }
  return (
    <>
      {records.map((bet) => (
        <BetCard key={bet.betId} bet={bet} />
      ))}
      {bets.hasNextPage ? (
        <Button
          variant="ghost"
          block
          disabled={bets.isFetchingNextPage}
          onClick={() => void bets.fetchNextPage()}
        >
          {bets.isFetchingNextPage ? t('loading') : t('loadMore')}
        </Button>
      ) : (
        <p className="sports-end">{t('bets.end')}</p>
      )}
    </>
  );
}

/** /sports/bets (login required): the player's open and settled bets; a settlement refreshes it live. */
export default function MyBetsPage(_props: PageProps) {
  const { t } = useTranslation('sports');
  const [tab, setTab] = useState<BetsTab>('open');
  return (
    <section className="bets-page" aria-labelledby="bets-title">
      <PageHeader title={t('bets.title')} />
      <h2 id="bets-title" className="visually-hidden">
        {t('bets.title')}
      </h2>
      <Tabs
        label={t('bets.title')}
        value={tab}
        onChange={setTab}
        items={tabs.map((entry) => ({ value: entry, label: t(`bets.${entry}`) }))}
        idPrefix="bets-tab"
        panelId="bets-panel"
      />
      <div id="bets-panel" role="tabpanel" aria-labelledby={tabId('bets-tab', tab)} className="bets-panel">
        <BetList key={tab} status={tab} />
      </div>
    </section>
  );
}
