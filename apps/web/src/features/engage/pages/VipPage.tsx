import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import type { PageProps } from '../../../components/page-props';
import { Button } from '../../../components/ui/Button';
import { formatMoney } from '../../../lib/format';
import { useActionKey } from '../../../lib/idempotency-key';
import { useBonusesOffered } from '../../../lib/offers';
import { usePrefs } from '../../../lib/prefs';
import { queryClient } from '../../../lib/query-client';
import { useToken } from '../../../lib/token';
import { showToast } from '../../../lib/ui';
import { useUserInfo } from '../../../lib/user-info';
import type { VipLevelRow, VipStatus } from '../api/types';
import { useVipClaim, useVipLevels, useVipStatus, vipScope } from '../api/vip';
import { nextThreshold, progressFraction, rewardState } from '../logic/vip-progress';
import { LoadState, ProgressBar } from '../parts';
import { VipBadge } from '../VipBadge';
import '../engage.css';

function CurrentLevel({ status, levels }: { status: VipStatus; levels: readonly VipLevelRow[] }) {
  const { t } = useTranslation('engage');
  const locale = usePrefs((state) => state.locale);
  const next = nextThreshold(status, levels);
  const money = (value: number) => formatMoney(value, locale);
  return (
    <section className="engage-card vip-current" aria-labelledby="vip-current-title">
      <div className="vip-current-head">
        <span className="vip-current-badge">
          <VipBadge level={status.level} />
        </span>
        <div>
          <p className="engage-muted">{t('vip.current')}</p>
          <h2 id="vip-current-title" className="vip-current-level">
            {t('vip.levelName', { level: status.level })}
          </h2>
          <p className="engage-muted">{next ? t('vip.next', { level: next.level }) : t('vip.top')}</p>
        </div>
      </div>
      {next ? (
        <>
          <ProgressBar
            label={t('vip.deposits')}
            fraction={progressFraction(status.progress.paySumAmount, next.paySumAmount)}
            text={t('vip.progress', {
              done: money(status.progress.paySumAmount),
              target: money(next.paySumAmount),
            })}
          />
          <ProgressBar
            label={t('vip.stakes')}
            fraction={progressFraction(status.progress.gameSumAmount, next.gameSumAmount)}
            text={t('vip.progress', {
              done: money(status.progress.gameSumAmount),
              target: money(next.gameSumAmount),
            })}
          />
          <p className="engage-small">{t('vip.rule')}</p>
        </>
      ) : null}
    </section>
  );
}

function LevelRow({ row, status }: { row: VipLevelRow; status: VipStatus | undefined }) {
  const { t } = useTranslation('engage');
  const locale = usePrefs((state) => state.locale);
  const claim = useVipClaim();
  const keys = useActionKey<number>(String);
  // No level reward under the Brazilian licence: the levels still show their withdrawal limits.
  const offered = useBonusesOffered();
  const state = offered ? rewardState(status, row) : 'none';
  const amount = status?.rewards.find((entry) => entry.level === row.level)?.amount ?? row.reward;
  const current = status?.level === row.level;
  const onClaim = () => {
    claim.mutate(
      { level: row.level, idempotencyKey: keys.keyFor(row.level) },
      {
        onSuccess() {
          keys.settle();
          void showToast(t('vip.claimedToast', { level: row.level }));
        },
      },
    );
  };
  return (
    <li
      className={current ? 'vip-row vip-row-current' : 'vip-row'}
      aria-current={current ? 'true' : undefined}
    >
      <span className="vip-row-badge">
        <VipBadge level={row.level} label={t('vip.levelName', { level: row.level })} />
      </span>
      <div className="vip-row-text">
        <strong>{t('vip.levelName', { level: row.level })}</strong>
        <span>
          {t('vip.needs', {
            pay: formatMoney(row.paySumAmount, locale),
            game: formatMoney(row.gameSumAmount, locale),
          })}
        </span>
        <span>
          {t('vip.withdrawCap', { amount: formatMoney(row.withdrawDayMax, locale) })} ·{' '}
          {t('vip.withdrawCount', { count: row.withdrawDayCount })}
        </span>
        {state !== 'none' ? (
          <span className="vip-reward">{t('vip.reward', { amount: formatMoney(amount, locale) })}</span>
        ) : null}
      </div>
      <div className="vip-row-action">
        {state === 'claimable' ? (
          <Button
            variant="gold"
            size="small"
            busy={claim.isPending}
            aria-label={t('vip.claimLevel', { level: row.level })}
            onClick={onClaim}
          >
            {t('vip.claim')}
          </Button>
        ) : state === 'claimed' ? (
          <span className="engage-tag engage-tag-done">{t('claimed')}</span>
        ) : state === 'locked' ? (
          <span className="engage-tag">{t('vip.locked')}</span>
        ) : null}
      </div>
    </li>
  );
}

/** /vip: the player's level and progress, then the 11 levels with their limits and rewards. */
export default function VipPage({ titleKey }: PageProps) {
  const { t } = useTranslation('engage');
  const token = useToken((state) => state.token);
  const levels = useVipLevels();
  const status = useVipStatus(Boolean(token));
  // updateUserInfo carries a new level (a stake or deposit elsewhere): the progress and rewards follow it.
  const level = useUserInfo().data?.level;
  useEffect(() => {
    if (level !== undefined) void queryClient.invalidateQueries({ queryKey: vipScope });
  }, [level]);
  const title = t(`common:pages.${titleKey}`);
  const rows = levels.data ?? [];
  return (
    <section className="page engage-page" aria-labelledby="page-title">
      <PageHeader title={title} />
      <h2 id="page-title" className="visually-hidden">
        {title}
      </h2>
      <div className="engage-body">
        {token && status.data && rows.length > 0 ? <CurrentLevel status={status.data} levels={rows} /> : null}
        {levels.isPending || levels.isError ? (
          <LoadState failed={levels.isError} onRetry={() => void levels.refetch()} />
        ) : (
          <section aria-labelledby="vip-table-title">
            <h2 id="vip-table-title" className="engage-heading">
              {t('vip.table')}
            </h2>
            <ol className="vip-table">
              {rows.map((row) => (
                <LevelRow key={row.level} row={row} status={token ? status.data : undefined} />
              ))}
            </ol>
          </section>
        )}
      </div>
    </section>
  );
}
