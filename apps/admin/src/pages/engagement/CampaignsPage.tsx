import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { AdminActivity, AdminDiscount } from '@aposta/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table } from 'antd';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/typed.ts';
import { dateTime, money } from '../../app/format.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { ActivityDialog } from './campaigns/ActivityDialog.tsx';
import { DiscountDialog } from './campaigns/DiscountDialog.tsx';
import { activitiesKey, discountsKey } from './campaigns/period.tsx';

/** A fraction as a percent in the operator's language (0.2 → 20,00 %). */
const percent = (value: number) =>
  new Intl.NumberFormat(i18next.language === 'en_US' ? 'en-US' : 'pt-BR', {
    style: 'percent',
    minimumFractionDigits: 2,
  }).format(value);

const period = (_: unknown, row: { startsAt: number; endsAt: number }) =>
  `${dateTime(row.startsAt)} – ${dateTime(row.endsAt)}`;

/** Deposit discount campaigns and activities (with their stake targets and awards). */
export default function CampaignsPage() {
  const { t } = useTranslation();
  const [discount, setDiscount] = useState<{ row: AdminDiscount | null } | null>(null);
  const [activity, setActivity] = useState<{ row: AdminActivity | null } | null>(null);
  const discounts = useQuery({ queryKey: discountsKey, queryFn: () => adminApi('GET /discounts') });
  const activities = useQuery({
    queryKey: activitiesKey,
    queryFn: () => adminApi('GET /activities'),
  });
  const editButton = (onClick: () => void) => (
    <Button size="small" icon={<EditOutlined />} onClick={onClick}>
      {t('app.edit')}
    </Button>
  );
  return (
    <>
      <PageTitle title={t('menu.campaigns')} hint={t('engage.campaignsHint')} />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card
          title={t('engage.discount.title')}
          extra={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDiscount({ row: null })}>
              {t('engage.discount.new')}
            </Button>
          }
        >
          <Table<AdminDiscount>
            rowKey="id"
            size="middle"
            loading={discounts.isFetching}
            dataSource={discounts.data ?? []}
            pagination={{ pageSize: 10 }}
            columns={[
              { title: t('engage.name'), dataIndex: 'name' },
              {
                title: t('engage.discount.audience'),
                dataIndex: 'audience',
                render: (value: string) => t(`engage.discount.${value}`),
              },
              {
                title: t('engage.discount.percent'),
                dataIndex: 'discount',
                align: 'right',
                render: percent,
              },
              {
                title: t('engage.discount.hours'),
                dataIndex: 'hours',
                align: 'right',
                render: (value: number | null) => value ?? '—',
              },
              { title: t('engage.period'), key: 'period', render: period },
              {
                title: t('engage.enabled'),
                dataIndex: 'enabled',
                render: (value: boolean) => t(value ? 'app.yes' : 'app.no'),
              },
              {
                title: t('app.actions'),
                key: 'edit',
                width: 110,
                render: (_, row) => editButton(() => setDiscount({ row })),
              },
            ]}
          />
        </Card>
        <Card
          title={t('engage.activity.list')}
          extra={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setActivity({ row: null })}>
              {t('engage.activity.new')}
            </Button>
          }
        >
          <Table<AdminActivity>
            rowKey="id"
            size="middle"
            loading={activities.isFetching}
            dataSource={activities.data ?? []}
            pagination={{ pageSize: 10 }}
            columns={[
              { title: t('engage.activity.title'), dataIndex: 'title' },
              { title: t('engage.activity.target'), dataIndex: 'targetStake', align: 'right', render: money },
              { title: t('engage.activity.reward'), dataIndex: 'reward', align: 'right', render: money },
              { title: t('engage.period'), key: 'period', render: period },
              {
                title: t('engage.enabled'),
                dataIndex: 'enabled',
                render: (value: boolean) => t(value ? 'app.yes' : 'app.no'),
              },
              {
                title: t('app.actions'),
                key: 'edit',
                width: 110,
                render: (_, row) => editButton(() => setActivity({ row })),
              },
            ]}
          />
        </Card>
      </Space>
      <DiscountDialog editing={discount} onClose={() => setDiscount(null)} />
      <ActivityDialog editing={activity} onClose={() => setActivity(null)} />
    </>
  );
}
