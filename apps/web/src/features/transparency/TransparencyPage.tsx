import type {
  MoneyLimits,
  TransparencyAnswer,
  TransparencyBucket,
  TransparencyPeriod,
} from '@aposta/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../components/page-props';
import { Button } from '../../components/ui/Button';
import { Tabs } from '../../components/ui/Tabs';
import { formatMoney } from '../../lib/format';
import { usePrefs } from '../../lib/prefs';
import { downloadTaxStatement, useLimits, useTransparency } from './api';
import { transparencyNamespace } from './transparency-i18n';
import { periodLabel, splitMinutes, visibleBuckets } from './transparency-view';
import './transparency.css';

const PERIODS: readonly TransparencyPeriod[] = ['day', 'week', 'month', 'year'];
const LIMIT_PERIODS = ['day', 'week', 'month'] as const;

function useFormat() {
  const { t } = useTranslation(transparencyNamespace);
  const locale = usePrefs((state) => state.locale);
  return { t, locale, intlTag: locale.replace('_', '-') };
}

function BucketCard({ bucket, period }: { bucket: TransparencyBucket; period: TransparencyPeriod }) {
  const { t, locale, intlTag } = useFormat();
  const label = periodLabel(bucket.start, period, intlTag);
  const figures = ['deposits', 'withdrawals', 'stakes', 'returns'] as const;
  return (
    <li className="tp-card tp-bucket" data-testid={`tp-bucket-${bucket.start}`}>
      <h4 className="tp-bucket-title">{period === 'week' ? t('weekOf', { day: label }) : label}</h4>
      <dl className="tp-figures">
        {figures.map((figure) => (
          <div key={figure}>
            <dt>{t(`money.${figure}`)}</dt>
            <dd>{formatMoney(bucket[figure], locale)}</dd>
          </div>
        ))}
        <div className={bucket.net < 0 ? 'tp-net tp-loss' : 'tp-net'}>
          <dt>{t('money.net')}</dt>
          <dd>{formatMoney(bucket.net, locale)}</dd>
        </div>
        <div>
          <dt>{t('time')}</dt>
          <dd>{t('hoursMinutes', splitMinutes(bucket.playMinutes))}</dd>
        </div>
      </dl>
    </li>
  );
}

function LimitsCard() {
  const { t, locale } = useFormat();
  const limits = useLimits();
  const money = (values: MoneyLimits | undefined, period: (typeof LIMIT_PERIODS)[number]) => {
    const value = values?.[period];
    return value === null || value === undefined ? t('limits.none') : formatMoney(value, locale);
  };
  const data = limits.data;
  return (
    <section className="tp-card" aria-labelledby="tp-limits">
      <h3 id="tp-limits" className="tp-title">
        {t('limits.title')}
      </h3>
      {!data ? (
        <p className="tp-muted">{limits.isError ? t('loadFailed') : t('loading')}</p>
      ) : (
        <>
          <table className="tp-limits">
            <thead>
              <tr>
                <th scope="col" />
                {LIMIT_PERIODS.map((period) => (
                  <th scope="col" key={period}>
                    {t(`periods.${period}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(['deposit', 'loss', 'stake'] as const).map((kind) => (
                <tr key={kind}>
                  <th scope="row">{t(`limits.${kind}`)}</th>
                  {LIMIT_PERIODS.map((period) => (
                    <td key={period}>{money(data[kind], period)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            {t('limits.session')}:{' '}
            {data.sessionMinutes === null
              ? t('limits.none')
              : t('hoursMinutes', splitMinutes(data.sessionMinutes))}
          </p>
          {data.pending.length > 0 ? (
            <p className="tp-muted">{t('limits.pending', { count: data.pending.length })}</p>
          ) : null}
        </>
      )}
      <Link className="btn btn-ghost btn-block" to="/limites">
        {t('limits.edit')}
      </Link>
    </section>
  );
}

function GamesCard({ games }: { games: TransparencyAnswer['games'] }) {
  const { t, intlTag } = useFormat();
  const percent = new Intl.NumberFormat(intlTag, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <section className="tp-card" aria-labelledby="tp-games">
      <h3 id="tp-games" className="tp-title">
        {t('games.title')}
      </h3>
      {games.length === 0 ? (
        <p className="tp-muted">{t('games.none')}</p>
      ) : (
        <ul className="tp-games">
          {games.map((game) => (
            <li key={`${game.product}:${game.code}`}>
              <strong>{game.name}</strong>
              <span>
                {game.rtp === null
                  ? t('games.rtpUnknown')
                  : t('games.rtp', { rtp: percent.format(game.rtp) })}
              </span>
              <span className="tp-muted">{t('games.rounds', { count: game.rounds })}</span>
              {game.verifiable ? <Link to="/verify">{t('games.verify')}</Link> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ExclusionCard({ data }: { data: TransparencyAnswer }) {
  const { t, intlTag } = useFormat();
  const { exclusion } = data;
  const state = !exclusion.active
    ? t('exclusion.inactive')
    : exclusion.endsAt === null
      ? t('exclusion.activePermanent')
      : t('exclusion.active', {
          date: new Intl.DateTimeFormat(intlTag, { dateStyle: 'medium', timeStyle: 'short' }).format(
            exclusion.endsAt,
          ),
        });
  return (
    <section className="tp-card" aria-labelledby="tp-exclusion">
      <h3 id="tp-exclusion" className="tp-title">
        {t('exclusion.title')}
      </h3>
      <p data-testid="tp-exclusion-state">{state}</p>
      <a
        className="btn btn-primary btn-block"
        href={data.selfExclusionUrl}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('exclusion.national')}
      </a>
      <Link className="btn btn-ghost btn-block" to="/limites">
        {t('exclusion.own')}
      </Link>
    </section>
  );
}

/** The year's winnings-tax statement as a file for the player's own IRPF return (decision 0057). */
function TaxStatementDownload() {
  const { t } = useFormat();
  const year = new Date().getFullYear();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      await downloadTaxStatement(year);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <p>
      <Button variant="ghost" busy={state === 'busy'} onClick={() => void download()}>
        {t('tax.download', { year })}
      </Button>
      {state === 'failed' ? <span role="alert">{t('loadFailed')}</span> : null}
    </p>
  );
}

/** /transparencia: the player's own money and time, limits, tax, games and exclusion (decision 0053). */
export default function TransparencyPage({ titleKey }: PageProps) {
  const { t, locale } = useFormat();
  const { t: tc } = useTranslation();
  const [period, setPeriod] = useState<TransparencyPeriod>('day');
  const answer = useTransparency(period);
  const title = tc(`pages.${titleKey}`);
  const data = answer.data;
  return (
    <section className="page tp-page" aria-labelledby="page-title">
      <PageHeader title={title} />
      <h2 id="page-title" className="visually-hidden">
        {title}
      </h2>
      <p className="tp-muted tp-lead">{t('lead')}</p>
      <Tabs
        label={t('periodLabel')}
        value={period}
        items={PERIODS.map((value) => ({ value, label: t(`periods.${value}`) }))}
        onChange={setPeriod}
      />
      {answer.isError ? (
        <div className="tp-card" role="alert">
          <p>{t('loadFailed')}</p>
          <Button variant="ghost" onClick={() => void answer.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : !data ? (
        <p className="tp-muted">{t('loading')}</p>
      ) : (
        <>
          <ul className="tp-buckets" aria-label={t(`periods.${period}`)}>
            {visibleBuckets(data.buckets).map((bucket) => (
              <BucketCard key={bucket.start} bucket={bucket} period={period} />
            ))}
          </ul>
          <section className="tp-card" aria-labelledby="tp-tax">
            <h3 id="tp-tax" className="tp-title">
              {t('tax.title')}
            </h3>
            <p>
              <strong data-testid="tp-tax">{formatMoney(data.taxWithheld, locale)}</strong>{' '}
              {data.taxApplicable ? null : <span className="tp-muted">{t('tax.notApplicable')}</span>}
            </p>
            {data.taxApplicable ? <TaxStatementDownload /> : null}
          </section>
          <GamesCard games={data.games} />
          <ExclusionCard data={data} />
        </>
      )}
      <LimitsCard />
    </section>
  );
}
