import { Card, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateTime, money } from '../../app/format.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { StatusFilter } from '../../components/StatusFilter.tsx';

const STATUSES = ['all', '00', '10', '01', '-01'] as const;
const COLOR: Record<string, string> = { '00': 'gold', '10': 'green', '01': 'default', '-01': 'red' };

export default function DepositsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('all');
  return (
    <>
      <PageTitle title={t('menu.deposits')} hint={t('deposits.hint')} />
      <Card>
        <StatusFilter
          statuses={STATUSES}
          value={status}
          onChange={setStatus}
          label={(value) => (value === 'all' ? t('app.all') : t(`order.status.${value}`))}
        />
        <PagedTable
          route="GET /deposits"
          filters={{ status: status === 'all' ? undefined : status }}
          rowKey="orderId"
          size="middle"
          columns={[
            { title: t('order.orderId'), dataIndex: 'orderId', width: 100 },
            {
              title: t('player.uId'),
              dataIndex: 'uId',
              render: (uId: number) => <Link to={`/players/${uId}`}>{uId}</Link>,
            },
            { title: t('order.amount'), dataIndex: 'amount', align: 'right', render: money },
            { title: t('order.gift'), dataIndex: 'gift', align: 'right', render: money },
            {
              title: t('app.status'),
              dataIndex: 'status',
              render: (value: string) => (
                <Tag color={COLOR[value] ?? 'default'}>
                  {t(`order.status.${value}`, { defaultValue: value })}
                </Tag>
              ),
            },
            { title: t('deposits.provider'), dataIndex: 'provider' },
            {
              title: t('deposits.payNo'),
              dataIndex: 'payNo',
              ellipsis: true,
              render: (v: string | null) => v ?? '—',
            },
            { title: t('app.time'), dataIndex: 'time', render: dateTime },
            { title: t('deposits.paidAt'), dataIndex: 'paidAt', render: dateTime },
          ]}
        />
      </Card>
    </>
  );
}
