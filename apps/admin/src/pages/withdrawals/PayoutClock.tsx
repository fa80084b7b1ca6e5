import type { WithdrawalRecord } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';

/** Decision 0052: the 120-minute payout clock, the same thresholds the API and the PayoutNearDeadline alert use. */
const ALARM_MINUTES_LEFT = 30;
const TICK_MS = 30_000;

/** The current time, moving every 30 seconds, so each row's clock counts down without a refetch. */
export function useTicking(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** A row's clock: minutes left while open, red once late; nothing once paid or returned. */
export function ClockTag({ row, now }: { row: WithdrawalRecord; now: number }) {
  const { t } = useTranslation();
  if (row.clock === null) return <span>—</span>;
  const minutesLeft = Math.floor((row.deadline - now) / 60_000);
  if (minutesLeft < 0) {
    return (
      <Tag color="red" data-clock="late">
        {t('payoutClock.late', { minutes: -minutesLeft })}
      </Tag>
    );
  }
  const near = minutesLeft < ALARM_MINUTES_LEFT;
  return (
    <Tag color={near ? 'orange' : 'green'} data-clock={near ? 'near' : 'ok'}>
      {t('payoutClock.left', { minutes: minutesLeft })}
    </Tag>
  );
}

/** The operator's notice above the list: withdrawals late, near the deadline, or all in time. */
export function PayoutClockNotice() {
  const { t } = useTranslation();
  const summary = useQuery({
    queryKey: ['admin', 'GET /withdrawals/clock'],
    queryFn: () => adminApi('GET /withdrawals/clock'),
    refetchInterval: TICK_MS,
  });
  const data = summary.data;
  if (!data) return null;
  const params = { deadline: data.deadlineMinutes, alarm: data.alarmMinutes };
  const lines = [
    data.late > 0 ? t('payoutClock.lateCount', { count: data.late, ...params }) : null,
    data.near > 0 ? t('payoutClock.near', { count: data.near, ...params }) : null,
  ].filter((line): line is string => line !== null);
  const type = data.late > 0 ? 'error' : data.near > 0 ? 'warning' : 'success';
  const message =
    lines.length > 0
      ? lines.join(' · ')
      : data.open > 0
        ? t('payoutClock.allInTime', { count: data.open })
        : t('payoutClock.none');
  return (
    <Alert
      type={type}
      showIcon
      role={type === 'success' ? 'status' : 'alert'}
      style={{ marginBottom: 16 }}
      message={message}
      description={t('payoutClock.rule', params)}
    />
  );
}
