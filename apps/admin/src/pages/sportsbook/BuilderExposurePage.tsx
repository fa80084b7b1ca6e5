import type { AdminBuilderExposureRow } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { dateTime, money } from '../../app/format.ts';
import { PageTitle } from '../../components/PageTitle.tsx';

/**
 * Bet builder exposure per match (issue 33, decision 0062): the open builder bets of each match, their stake still
 * in play and what they can pay all together, beside the match's whole exposure (singles, parlays and builders).
 * Role `trader` (the server checks `sports`).
 */
export default function BuilderExposurePage() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['admin', 'sports', 'builder-exposure'],
    queryFn: () => adminApi('GET /sports/builder/exposure', { query: { limit: 100 } }),
    refetchInterval: 10_000,
  });
  return (
    <>
      <PageTitle title={t('builderExposure.title')} hint={t('builderExposure.hint')} />
      <Card>
        <Table<AdminBuilderExposureRow>
          rowKey="matchId"
          loading={query.isPending}
          dataSource={query.data?.records ?? []}
          pagination={false}
          locale={{ emptyText: t('builderExposure.empty') }}
          columns={[
            {
              title: t('builderExposure.match'),
              key: 'match',
              render: (_, row) => `${row.home} x ${row.away}`,
            },
            {
              title: t('builderExposure.start'),
              dataIndex: 'startTime',
              render: (value: number) => dateTime(value),
            },
            {
              title: t('builderExposure.state'),
              dataIndex: 'period',
              render: (period: number) =>
                period > 0 ? (
                  <Tag color="red">{t('builderExposure.live')}</Tag>
                ) : (
                  <Tag>{t('builderExposure.upcoming')}</Tag>
                ),
            },
            { title: t('builderExposure.openBets'), dataIndex: 'openBets', align: 'right' },
            {
              title: t('builderExposure.stake'),
              dataIndex: 'stake',
              align: 'right',
              render: (value: number) => money(value),
            },
            {
              title: t('builderExposure.potential'),
              dataIndex: 'potentialPayout',
              align: 'right',
              render: (value: number) => <strong>{money(value)}</strong>,
            },
            {
              title: t('builderExposure.matchExposure'),
              dataIndex: 'matchExposure',
              align: 'right',
              render: (value: number) => money(value),
            },
          ]}
        />
      </Card>
    </>
  );
}
