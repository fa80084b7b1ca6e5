import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import type { PageProps } from '../../../components/page-props';
import { formatMoney } from '../../../lib/format';
import { localeInfo } from '../../../lib/locales';
import { usePrefs } from '../../../lib/prefs';
import { useActivity } from '../api/activities';
import { activityProgress, formatHms, parseActivityId, remainingMs } from '../logic/activity';
import { formatDate, LoadState, ProgressBar } from '../parts';
import '../engage.css';

function EndsIn({ endsAt }: { endsAt: number }) {
  const { t } = useTranslation('engage');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = remainingMs(endsAt, now);
  if (left === undefined) return null;
  const days = Math.floor(left / 86_400_000);
  return (
    <p className="activity-ends" role="timer">
      {days > 0 ? t('activity.endsInDays', { count: days }) : t('activity.endsIn', { time: formatHms(left) })}
    </p>
  );
}

/** /active{id}: one activity's art, dates, rules and the player's progress. */
export default function ActivityPage({ params, titleKey }: PageProps) {
  const { t } = useTranslation('engage');
  const locale = usePrefs((state) => state.locale);
  const id = parseActivityId(params.id);
  const activity = useActivity(id);
  const intlTag = localeInfo(locale).intlTag;
  const data = activity.data;
  const progress = data ? activityProgress(data.progress) : undefined;
  return (
    <section className="page engage-page" aria-labelledby="page-title">
      <PageHeader title={t(`common:pages.${titleKey}`)} />
      {id === undefined || (activity.isError && !data) ? (
        <p className="engage-state" role="alert" id="page-title">
          {t('activity.notFound')}
        </p>
      ) : !data ? (
        <LoadState failed={false} onRetry={() => void activity.refetch()} />
      ) : (
        <article className="engage-body">
          {data.image ? <img className="activity-image" src={data.image} alt="" /> : null}
          <h2 id="page-title" className="activity-title">
            {data.title}
          </h2>
          <p className="engage-muted">
            {t('activity.period', {
              from: formatDate(data.startsAt, intlTag),
              to: formatDate(data.endsAt, intlTag),
            })}
          </p>
          <EndsIn endsAt={data.endsAt} />
          {data.summary ? <p className="activity-summary">{data.summary}</p> : null}
          {progress ? (
            <section className="engage-card">
              <ProgressBar
                label={t('activity.progress')}
                fraction={progress.fraction}
                text={t('activity.staked', {
                  done: formatMoney(progress.staked, locale),
                  target: formatMoney(progress.target, locale),
                })}
              />
              <p className={progress.reached ? 'activity-reached' : 'engage-small'}>
                {progress.reached
                  ? t('activity.reached', { amount: formatMoney(progress.reward, locale) })
                  : t('activity.reward', { amount: formatMoney(progress.reward, locale) })}
              </p>
            </section>
          ) : null}
          <section className="engage-card" aria-labelledby="activity-rules">
            <h3 id="activity-rules" className="engage-heading">
              {t('activity.rules')}
            </h3>
            {/* The operator's rules are plain text: shown as written, line breaks kept, never as HTML. */}
            <p className="activity-content">{data.content}</p>
          </section>
        </article>
      )}
    </section>
  );
}
