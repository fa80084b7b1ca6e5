import { inHouseRtp } from '@aposta/fair';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../components/page-props';
import { formatMoney } from '../../lib/format';
import { rememberGameCode } from '../../lib/game-session';
import { usePrefs } from '../../lib/prefs';
import { useUserInfo } from '../../lib/user-info';
import { BetPanel } from './BetPanel';
import { CrashCurve } from './CrashCurve';
import { crashNamespace } from './crash-i18n';
import { bettingSecondsLeft, type CrashView } from './crash-logic';
import { useCrashRound, useTicker } from './useCrashRound';
import './crash.css';

/** /crash: one shared round; bet while betting, cash out by hand or at a target before the curve crashes. */
export default function CrashPage({ titleKey }: PageProps) {
  const { t } = useTranslation(crashNamespace);
  const locale = usePrefs((state) => state.locale);
  const view = useCrashRound();
  const now = useTicker(100);
  const { data: user } = useUserInfo();
  const rtp = inHouseRtp().crash.max;
  // Leaving the page by any way reports offGame with this code (spec.md section 2, app/session-effects).
  useEffect(() => rememberGameCode('/crash', 'crash'), []);
  const percent = new Intl.NumberFormat(locale.replace('_', '-'), {
    style: 'percent',
    maximumFractionDigits: 2,
  });

  return (
    <div className="crash-page">
      <PageHeader title={t(`common:pages.${titleKey}`)} />
      <main className="crash-main">
        <div className="crash-topline">
          <p className="crash-rtp">
            {t('rtp', { value: percent.format(Math.floor(rtp * 10_000) / 10_000) })}
          </p>
          <output className="crash-balance" aria-label="balance">
            {user ? formatMoney(user.balance, locale) : '-'}
          </output>
        </div>
        <History view={view} />
        <CrashCurve view={view} label={t('curve')} status={statusText(t, view, now)} />
        <BetPanel index={1} view={view} now={now} />
        <BetPanel index={2} view={view} now={now} />
        <RoundBets view={view} />
        <Fairness view={view} />
        <section className="crash-card">
          <h2 className="crash-card-title">{t('rules.title')}</h2>
          <p className="crash-text">{t('rules.text')}</p>
        </section>
      </main>
    </div>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

function statusText(t: T, view: CrashView | undefined, now: number): string {
  if (!view) return t('status.loading');
  if (view.phase === 'betting')
    return t('status.betting', { seconds: bettingSecondsLeft(view, now).toFixed(1) });
  if (view.phase === 'running') return t('status.running', { round: view.roundId });
  return t('status.crashed', { point: (view.multiplier ?? 1).toFixed(2) });
}

function History({ view }: { view: CrashView | undefined }) {
  const { t } = useTranslation(crashNamespace);
  return (
    <ol className="crash-history" aria-label={t('history')}>
      {(view?.history ?? []).slice(0, 20).map((item) => (
        <li key={item.roundId}>
          <Link
            className={`crash-chip ${item.crashPoint >= 2 ? 'is-high' : 'is-low'}`}
            to={`/verify?game=crash&roundId=${item.roundId}`}
          >
            {item.crashPoint.toFixed(2)}×
          </Link>
        </li>
      ))}
    </ol>
  );
}

function RoundBets({ view }: { view: CrashView | undefined }) {
  const { t } = useTranslation(crashNamespace);
  const locale = usePrefs((state) => state.locale);
  const bets = view?.bets ?? [];
  return (
    <section className="crash-card" aria-label={t('bets.title')}>
      <h2 className="crash-card-title">
        {t('bets.title')} <span className="crash-count">{t('bets.count', { count: bets.length })}</span>
      </h2>
      {bets.length === 0 ? <p className="crash-text">{t('bets.empty')}</p> : null}
      <ul className="crash-bets">
        {bets
          .slice()
          .reverse()
          .slice(0, 50)
          .map((bet) => (
            <li key={bet.betId} className={bet.cashedOutAt === undefined ? '' : 'is-cashed'}>
              <span>{bet.user}</span>
              <span>{formatMoney(bet.amount, locale)}</span>
              <span>{bet.cashedOutAt === undefined ? '-' : `${bet.cashedOutAt.toFixed(2)}×`}</span>
            </li>
          ))}
      </ul>
    </section>
  );
}

function Fairness({ view }: { view: CrashView | undefined }) {
  const { t } = useTranslation(crashNamespace);
  const last = view?.history[0];
  return (
    <section className="crash-card">
      <h2 className="crash-card-title">{t('fair.title')}</h2>
      <p className="crash-text">{t('fair.text')}</p>
      <p className="crash-hash">
        {t('fair.terminatingHash')}: <code>{view?.chain.terminatingHash ?? '-'}</code>
      </p>
      {last ? (
        <Link className="crash-link" to={`/verify?game=crash&roundId=${last.roundId}`}>
          {t('fair.verify', { round: last.roundId })}
        </Link>
      ) : null}
    </section>
  );
}
