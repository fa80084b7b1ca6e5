import type { AdminMatchesQuery, AdminMatchRecord } from '@aposta/contract';
import { sportCodes } from '@aposta/sports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { dateTime, money } from '../../app/format.ts';
import { problemText } from '../../components/errors.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { MatchMarkets } from './MatchMarkets.tsx';
import { MatchStateDialog } from './MatchStateDialog.tsx';
import { StakeFactorDialog } from './StakeFactorDialog.tsx';

type Timeframe = NonNullable<AdminMatchesQuery['status']>;
const TIMEFRAMES: Timeframe[] = ['live', 'upcoming', 'finished', 'all'];

const periodColor = (period: number) =>
  period > 0 ? 'red' : period === 0 ? 'blue' : period === -1 ? 'default' : 'orange';

/** The teams, and the sport and league under them. */
function MatchCell({ match }: { match: AdminMatchRecord }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Text strong>
        {match.home} × {match.away}
      </Typography.Text>
      <br />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(`sports.sport.${match.sport}`, { defaultValue: match.sport })} · {match.league}
      </Typography.Text>
    </>
  );
}

/** Open markets / suspended markets. */
function MarketsCell({ match }: { match: AdminMatchRecord }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text type="success">{match.openMarkets}</Typography.Text>
      {' / '}
      <Typography.Text type={match.suspendedMarkets > 0 ? 'warning' : 'secondary'}>
        {match.suspendedMarkets}
      </Typography.Text>
    </span>
  );
}

export default function SportsbookPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [timeframe, setTimeframe] = useState<Timeframe>('live');
  const [sport, setSport] = useState<string | undefined>();
  const [editing, setEditing] = useState<AdminMatchRecord | null>(null);
  const [factorOpen, setFactorOpen] = useState(false);
  const settle = useMutation({
    mutationFn: (matchId: number) =>
      adminApi('POST /sports/matches/:matchId/settle', { params: { matchId } }),
    onSuccess: (answer) => {
      message.success(t('sports.settled', { count: answer.settledBets }));
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => message.error(problemText(error)),
  });

  return (
    <>
      <PageTitle title={t('menu.sportsbook')} hint={t('sports.hint')} />
      <Card>
        <Space style={{ marginBottom: 16 }} size="middle" wrap>
          <Segmented
            value={timeframe}
            onChange={(value) => setTimeframe(value as Timeframe)}
            options={TIMEFRAMES.map((value) => ({ value, label: t(`sports.window.${value}`) }))}
          />
          <Select
            allowClear
            placeholder={t('sports.allSports')}
            aria-label={t('sports.sportFilter')}
            style={{ width: 200 }}
            value={sport}
            onChange={setSport}
            options={sportCodes.map((value) => ({ value, label: t(`sports.sport.${value}`) }))}
          />
          <Button onClick={() => setFactorOpen(true)}>{t('sports.factorTitle')}</Button>
        </Space>
        <StakeFactorDialog open={factorOpen} onClose={() => setFactorOpen(false)} />
        <PagedTable
          route="GET /sports/matches"
          filters={{ status: timeframe, sport }}
          rowKey="matchId"
          size="middle"
          expandable={{ expandedRowRender: (match) => <MatchMarkets matchId={match.matchId} /> }}
          columns={[
            {
              title: t('sports.match'),
              width: 320,
              render: (_, match) => <MatchCell match={match} />,
            },
            { title: t('sports.start'), dataIndex: 'startTime', render: dateTime },
            {
              title: t('sports.period'),
              dataIndex: 'period',
              render: (period: number, match) => (
                <>
                  <Tag color={periodColor(period)}>
                    {t(`sports.periodCode.${period}`, { defaultValue: String(period) })}
                  </Tag>
                  <Typography.Text strong>
                    {match.score.home}–{match.score.away}
                  </Typography.Text>
                </>
              ),
            },
            {
              title: t('sports.markets'),
              render: (_, match) => <MarketsCell match={match} />,
            },
            { title: t('sports.openBets'), dataIndex: 'openBets', align: 'right' },
            {
              title: t('sports.openStakes'),
              dataIndex: 'openStakes',
              width: 130,
              align: 'right',
              render: money,
            },
            {
              title: t('sports.liability'),
              dataIndex: 'liability',
              align: 'right',
              sorter: (a, b) => a.liability - b.liability,
              render: (value: number) => (
                <Typography.Text type={value > 0 ? 'danger' : undefined}>{money(value)}</Typography.Text>
              ),
            },
            {
              title: t('app.actions'),
              key: 'actions',
              render: (_, match) => (
                <Space>
                  <Button size="small" onClick={() => setEditing(match)}>
                    {t('sports.state')}
                  </Button>
                  <Popconfirm
                    title={t('sports.settleConfirm')}
                    okText={t('app.yes')}
                    cancelText={t('app.no')}
                    onConfirm={() => settle.mutate(match.matchId)}
                  >
                    <Button size="small" disabled={match.period > 0 || match.period === 0}>
                      {t('sports.settle')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <MatchStateDialog match={editing} onClose={() => setEditing(null)} />
    </>
  );
}
